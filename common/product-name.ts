// One name on every screen (DECISIONS §2): screens say "threadline", while the API's words, the data model and
// the `/timeline/{id}` URLs keep "timeline". The server's refusals the spec pins ("Timeline limit reached",
// "You are blocked from this timeline") stay as they are on the wire; the client shows them through this.

const WORD = /(?<![\w/])([Tt])imeline(s?)(?![\w/])/g;

/** A server message as a screen shows it: "timeline(s)" becomes "threadline(s)", case kept; paths untouched. */
export const screenText = (text: string): string =>
  text.replace(WORD, (_, t: string, s: string) => `${t === 'T' ? 'T' : 't'}hreadline${s}`);
