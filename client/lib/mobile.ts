// Spec 000 §9 mobile detection: a mobile user agent, or a width of 768 px or less with touch support.
const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i;

export function isMobileDevice(win: Window = window): boolean {
  const touch = win.navigator.maxTouchPoints > 0 || 'ontouchstart' in win;
  return MOBILE_AGENT.test(win.navigator.userAgent) || (win.innerWidth <= 768 && touch);
}
