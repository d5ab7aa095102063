// The data of bench/feed.ts, seeded set-based (INSERT ... SELECT generate_series) straight into a migrated
// database, PostgreSQL or PGlite. Every id and value derives from a row number through md5 or hashint8, so both
// databases get the same shape of data and nothing is sent from Node but the statements.

export interface Scale {
  /** Threadlines in all; the first `busy` hold `busyPosts` posts each. */
  threadlines: number;
  busy: number;
  busyPosts: number;
  /** Posts in all: busy * busyPosts in the busy threadlines, the rest spread unevenly over the others. */
  posts: number;
  /** Users besides the bench user. */
  users: number;
  /** Members (besides the bench user) of each busy threadline; the others have 4 to 9. */
  busyMembers: number;
  /** About this many threadlines have the bench user as a member (the busy ones included). */
  myThreadlines: number;
}

export const POSTGRES_SCALE: Scale = {
  threadlines: 10_000,
  busy: 5,
  busyPosts: 100_000,
  posts: 1_000_000,
  users: 2_000,
  busyMembers: 40,
  myThreadlines: 300,
};

export const PGLITE_SCALE: Scale = {
  threadlines: 1_000,
  busy: 5,
  busyPosts: 10_000,
  posts: 100_000,
  users: 500,
  busyMembers: 40,
  myThreadlines: 300,
};

/** The emoji reactions are drawn from; the heart (the like) comes first and is the most frequent. */
export const EMOJI = ['❤️', '👍', '😂', '🎉', '😮', '😢', '🔥', '👀'];

/**
 * The most common words first; after them come made-up words of three syllables, so the vocabulary has a
 * long tail of rare words. Words are drawn with P(rank r) ~ 1/r (Zipf): "the" is in most posts, a word of
 * rank 10,000 in a handful of a busy threadline's 100,000.
 */
const COMMON_WORDS = `the of and to a in is it you that he was for on are with as his they be at one have this
from or had by hot word but what some we can out other were all there when up use your how said an each she
which do their time if will way about many then them write would like so these her long make thing see him two
has look more day could go come did number sound no most people my over know water than call first who may down
side been now find any new work part take get place made live where after back little only round man year came
show every good me give our under name very through just form sentence great think say help low line differ turn
cause much mean before move right boy old too same tell does set three want air well also play small end put home
read hand port large spell add even land here must big high such follow act why ask men change went light kind
off need house picture try us again animal point mother world near build self earth father head stand own page
should country found answer school grow study still learn plant cover food sun four between state keep eye never
last let thought city tree cross farm hard start might story saw far sea draw left late run while press close
night real life few north open seem together next white children begin got walk example ease paper group always
music those both mark often letter until mile river car feet care second book carry took science eat room friend
began idea fish mountain stop once base hear horse cut sure watch color face wood main enough plain girl usual
young ready above ever red list though feel talk bird soon body dog family direct pose leave song measure door
product black short numeral class wind question happen complete ship area half rock order fire south problem
piece told knew pass since top whole king space heard best hour better during hundred five remember step early
hold west ground interest reach fast verb sing listen six table travel less morning ten simple several vowel
toward war lay against pattern slow center love person money serve appear road map rain rule govern pull cold
notice voice unit power town fine certain fly fall lead cry dark machine note wait plan figure star box noun
field rest correct able pound done beauty drive stood contain front teach week final gave green quick develop
ocean warm free minute strong special mind behind clear tail produce fact street inch multiply nothing course
stay wheel full force blue object decide surface deep moon island foot system busy test record boat common gold
possible plane stead dry wonder laugh thousand ago ran check game shape equate miss brought heat snow tire bring
yes distant fill east paint language among grand ball yet wave drop heart present heavy dance engine position
arm wide sail material size vary settle speak weight general ice matter circle pair include divide syllable felt
perhaps pick sudden count square reason length represent art subject region energy hunt probable bed brother egg
ride cell believe fraction forest sit race window store summer train sleep prove lone exercise wall catch mount
wish sky board joy winter sat written wild instrument kept glass grass cow job edge sign visit past soft fun
bright gas weather month million bear finish happy hope flower clothe strange gone jump baby eight village meet
root buy raise solve metal whether push seven paragraph third shall held hair describe cook floor either result
burn hill safe cat century consider type law bit coast copy phrase silent tall sand soil roll temperature finger
industry value fight lie beat excite natural view sense ear else quite broke case middle kill son lake moment
scale loud spring observe child straight consonant nation dictionary milk speed method organ pay age section
dress cloud surprise quiet stone tiny climb cool design poor lot experiment bottom key iron single stick flat
twenty skin smile crease hole trade melody trip office receive row mouth exact symbol die least trouble shout
except wrote seed tone join suggest clean break lady yard rise bad blow oil blood touch grew cent mix team wire
cost lost brown wear garden equal sent choose fell fit flow fair bank collect save control decimal gentle woman
captain practice separate difficult doctor please protect noon whose locate ring character insect caught period
indicate radio spoke atom human history effect electric expect crop modern element hit student corner party
supply bone rail imagine provide agree thus capital chair danger fruit rich thick soldier process operate guess
necessary sharp wing create neighbor wash bat rather crowd corn compare poem string bell depend meat rub tube
famous dollar stream fear sight thin triangle planet hurry chief colony clock mine tie enter major fresh search
send yellow gun allow print dead spot desert suit current lift rose continue block chart hat sell success company
subtract event particular deal swim term opposite wife shoe shoulder spread arrange camp invent cotton born
determine quart nine truck noise level chance gather shop stretch throw shine property column molecule select
wrong gray repeat require broad prepare salt nose plural anger claim continent oxygen sugar death pretty skill
women season solution magnet silver thank branch match suffix especially fig afraid huge sister steel discuss
forward similar guide experience score apple bought led pitch coat mass card band rope slip win dream evening
condition feed tool total basic smell valley nor double seat arrive master track parent shore division sheet
substance favor connect post spend chord fat glad original share station dad bread charge proper bar offer
segment slave duck instant market degree populate chick dear enemy reply drink occur support speech nature range
steam motion path liquid log meant quotient teeth shell neck`
  .split(/\s+/)
  .filter(Boolean);

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'to',
  'sa',
  'vel',
  'dri',
  'nu',
  'pa',
  'zor',
  'ti',
  'qua',
  'ber',
  'fen',
  'gal',
  'hor',
  'jin',
  'mar',
  'nox',
  'pel',
  'rik',
  'sol',
  'tam',
  'ul',
  'vin',
  'wex',
  'yor',
  'zan',
  'bri',
];

/** Words in the vocabulary: the common words, then made-up ones up to this rank. */
export const VOCABULARY = 20_000;

/** A made-up word of the tail (rank > common words), as the seeding SQL builds it. */
export function tailWord(rank: number): string {
  const n = rank - COMMON_WORDS.length - 1;
  const s = SYLLABLES.length;
  return `${SYLLABLES[n % s]}${SYLLABLES[Math.floor(n / s) % s]}${SYLLABLES[Math.floor(n / s / s) % s]}`;
}

/** The word of a rank (1-based), as seeded. */
export function wordOfRank(rank: number): string {
  return rank <= COMMON_WORDS.length ? COMMON_WORDS[rank - 1]! : tailWord(rank);
}

// ---- SQL building blocks ----

/** An RFC 4122 version-4 uuid from an md5 (the API schemas check the version and variant digits). */
export const uuidOf = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
export const meSql = uuidOf(`'feed-user-me'`);
export const tlSql = (i: string) => uuidOf(`'feed-tl-' || (${i})`);
const userSql = (j: string) => uuidOf(`'feed-user-' || (${j})`);
const postSql = (n: string) => uuidOf(`'feed-post-' || (${n})`);
/** A uniform number in [0, 1) from a row number and a salt (one stream per use). */
const u = (x: string, salt: number) =>
  `((hashint8((${x})::bigint * 257 + ${salt})::float8 + 2147483648.0) / 4294967296.0)`;
/** Every timestamp is before this one: the start of the current hour, the same in every statement. */
const ANCHOR = `date_trunc('hour', now())`;

export function seedSql(scale: Scale) {
  const { threadlines: T, busy: B, busyPosts, posts: P, users: U, busyMembers } = scale;
  const busyTotal = B * busyPosts;
  /** Every step-th threadline after the busy ones has the bench user. */
  const step = Math.max(1, Math.floor((T - B) / (scale.myThreadlines - B)));
  const isMine = (i: string) => `((${i}) < ${B} or ((${i}) - ${B}) % ${step} = 0)`;
  /** The bench user's role: owner of the busiest, moderator, participant, participant, viewer of the next
   *  busy ones; elsewhere owner of a fifth, moderator of a fifth, viewer of a fifth, participant in the rest. */
  const myRole = (
    i: string,
  ) => `case when (${i}) < ${B} then (array['owner','moderator','participant','participant','viewer'])[1 + (${i}) % 5]
    else case (${i}) % 5 when 0 then 'owner' when 1 then 'moderator' when 4 then 'viewer' else 'participant' end end`;
  const iOwn = (i: string) => `(${isMine(i)} and ${myRole(i)} = 'owner')`;
  /** Members besides the bench user. */
  const memberCount = (i: string) => `(case when (${i}) < ${B} then ${busyMembers} else 4 + (${i}) % 6 end)`;
  /** The m-th other member (13 is prime to the number of users, so they are distinct). */
  const member = (i: string, m: string) => userSql(`((${i})::bigint * 7 + (${m}) * 13) % ${U}`);
  /** A member who may post: never member 1 (the viewer); the bench user writes 1 post in `share`. */
  const author = (i: string, n: string, share: number) => `case when (${n}) % ${share} = 0 and ${isMine(i)}
      and ${myRole(i)} <> 'viewer' then ${meSql}
    else ${member(i, `case when (${n}) % ${memberCount(i)} = 1 then 0 else (${n}) % ${memberCount(i)} end`)} end`;
  /** The threadline of post n: blocks of 100 in the busy ones, then skewed (the first quiet ones busier). */
  const threadlineOf = (n: string) => `(case when (${n}) < ${busyTotal} then ((${n}) / 100) % ${B}
    else ${B} + floor(${T - B} * power(${u(n, 1)}, 2))::int end)`;
  /** Posts 20k+1 and 20k+2 share the timestamp of post 20k (same threadline): 15 % of posts tie. */
  const tieBase = (n: string) =>
    `(case when (${n}) % 20 in (1, 2) then (${n}) - (${n}) % 20 else (${n}) end)`;
  /** Spread over two years with microseconds. */
  const postAt = (n: string) => `(${ANCHOR} - ${u(tieBase(n), 2)} * interval '730 days')`;
  /** Zipf-ranked word: P(r) ~ 1/r over 1..VOCABULARY. */
  const rank = (x: string, salt: number) =>
    `least(${VOCABULARY}, floor(exp(${u(x, salt)} * ln(${VOCABULARY + 1})))::int)`;
  /** A text of `words` words drawn for row x. */
  const text = (x: string, words: string, salt: number) =>
    `(select string_agg(v.word, ' ' order by k) from generate_series(1, ${words}) k
       join feed_bench_vocab v on v.rank = ${rank(`(${x})::bigint * 64 + k`, salt)})`;

  const commonList = COMMON_WORDS.map((w) => `'${w}'`).join(',');
  const syllables = `(array[${SYLLABLES.map((s) => `'${s}'`).join(',')}])`;
  const s = SYLLABLES.length;
  const c = COMMON_WORDS.length;

  const base: Array<[string, string]> = [
    [
      'vocabulary',
      `create table if not exists feed_bench_vocab (rank int primary key, word text not null);
       truncate feed_bench_vocab;
       insert into feed_bench_vocab select ordinality::int, w from unnest(array[${commonList}]) with ordinality w;
       insert into feed_bench_vocab
       select r, ${syllables}[1 + n % ${s}] || ${syllables}[1 + (n / ${s}) % ${s}] || ${syllables}[1 + (n / ${s * s}) % ${s}]
       from (select r, r - ${c} - 1 as n from generate_series(${c + 1}, ${VOCABULARY}) r) t;
       analyze feed_bench_vocab`,
    ],
    [
      'users',
      `insert into users (id, email, first_name, last_name, display_name)
       select ${meSql}, 'feed-me@example.test', 'Bench', 'Me', 'Bench Me'
       union all
       select ${userSql('j')}, 'feed-' || j || '@example.test', 'Member', 'Number ' || j,
         case when j % 3 = 0 then null else 'Member ' || j end
       from generate_series(0, ${U - 1}) j`,
    ],
    [
      'threadlines',
      // A tenth of the quiet ones archived, one in fifty deleted; the busy ones never.
      `insert into timelines (id, name, description, join_code, owner_id, archived_at, archived_by, deleted_at,
         deleted_by, created_at, updated_at)
       select ${tlSql('i')}, 'Threadline ' || i, 'Feed bench threadline number ' || i,
         substr(md5('feed-join-' || i), 1, 10), owner,
         case when i >= ${B} and i % 10 = 7 then now() - interval '10 days' end,
         case when i >= ${B} and i % 10 = 7 then owner end,
         case when i >= ${B} and i % 50 = 13 then now() - interval '5 days' end,
         case when i >= ${B} and i % 50 = 13 then owner end,
         created, created
       from (select i, ${ANCHOR} - interval '800 days' + (i % 2000) * interval '1 hour' as created,
               case when ${iOwn('i')} then ${meSql} else ${member('i', '0')} end as owner
             from generate_series(0, ${T - 1}) i) t`,
    ],
    [
      'members',
      `insert into timeline_members (timeline_id, user_id, role, joined_at)
       select ${tlSql('i')}, ${meSql}, ${myRole('i')}, ${ANCHOR} - interval '790 days' + (i % 500) * interval '1 hour'
       from generate_series(0, ${T - 1}) i where ${isMine('i')};
       insert into timeline_members (timeline_id, user_id, role, joined_at)
       select ${tlSql('i')}, ${member('i', 'm')},
         case when m = 0 then (case when ${iOwn('i')} then 'moderator' else 'owner' end)
              when m = 1 then 'viewer' when m = 2 then 'moderator' else 'participant' end,
         ${ANCHOR} - interval '800 days' + m * interval '1 day'
       from generate_series(0, ${T - 1}) i, generate_series(0, ${Math.max(busyMembers, 9) - 1}) m
       where m < ${memberCount('i')}`,
    ],
    [
      'views',
      // Two threadlines in three viewed, at different times; some comments never looked at.
      `insert into user_timeline_views (user_id, timeline_id, last_viewed_at, last_comment_viewed_at)
       select ${meSql}, ${tlSql('i')}, seen, case when i % 6 = 1 then null else seen - interval '2 days' end
       from (select i, ${ANCHOR} - (i % 40) * interval '1 day' - (i % 24) * interval '1 hour' as seen
             from generate_series(0, ${T - 1}) i where ${isMine('i')}) v
       where i % 3 <> 0`,
    ],
  ];

  /** Posts first..last (0-based, inclusive): 1 in 97 deleted, 5 % files, 3 % images, the rest text. */
  const postsSql = (
    first: number,
    last: number,
  ) => `insert into posts (id, timeline_id, author_id, content, type,
       media_url, file_name, file_size, deleted_at, deleted_by, created_at, updated_at)
     select ${postSql('n')}, ${tlSql('i')}, author, ${text('n', `3 + (n * 7 + n / 7) % 30`, 10)}, type,
       case when type = 'image' then '/uploads/feed-bench/' || n || '.jpg' end,
       case when type = 'file' then 'report-' || n || '.pdf' end,
       case when type = 'file' then 1000 + n % 100000 end,
       case when n % 97 = 0 then at + interval '1 hour' end, case when n % 97 = 0 then author end,
       at, at
     from (select n, i, at, ${author('i', 'n', 6)} as author,
             case when n % 100 < 5 then 'file' when n % 100 < 8 then 'image' else 'text' end as type
           from (select n, ${threadlineOf('n')} as i, ${postAt('n')} as at
                 from generate_series(${first}, ${last}) n) p0) p`;

  /** About one comment per three posts: 60 % spread evenly, 40 % on one post in fifty (lively threads). */
  const C = Math.floor(P / 3);
  const commentsSql = (first: number, last: number) => `insert into comments (post_id, timeline_id, author_id,
       content, created_at, updated_at)
     select ${postSql('p')}, ${tlSql('i')}, ${author('i', 'h', 4)}, ${text('h', '3 + h % 12', 20)}, at, at
     from (select h, p, ${threadlineOf('p')} as i,
             least(${ANCHOR}, ${postAt('p')} + ${u('h', 5)} * interval '3 days') as at
           from (select h, case when h % 5 < 3 then floor(${P} * ${u('h', 3)})::bigint
                   else floor(${Math.floor(P / 50)} * ${u('h', 4)})::bigint * 50 end as p
                 from generate_series(${first}, ${last}) h) hp) c`;

  /** 0 to 7 reactions a post (1.3 on average) by different members, plus the bench user's heart on 1 in 7. */
  const reactionsSql = (
    first: number,
    last: number,
  ) => `insert into reactions (post_id, user_id, emoji, created_at)
     select ${postSql('n')}, ${member('i', `j % ${memberCount('i')}`)},
       (array[${EMOJI.map((e) => `'${e}'`).join(',')}])[1 + (j * 3 + n % 3) % 8], at + j * interval '1 minute'
     from (select n, ${threadlineOf('n')} as i, ${postAt('n')} as at, floor(8 * power(${u('n', 6)}, 4))::int as k
           from generate_series(${first}, ${last}) n) p, generate_series(0, 7) j
     where j < k
     union all
     select ${postSql('n')}, ${meSql}, '${EMOJI[0]}', ${postAt('n')} + interval '2 hours'
     from generate_series(${first}, ${last}) n
     where n % 7 = 0 and ${isMine(threadlineOf('n'))}`;

  /** The busiest threadline pins a post from about a month back. */
  const pin = `update timelines set pinned_post_id = (select id from posts
       where timeline_id = ${tlSql('0')} and deleted_at is null order by created_at desc, id desc offset 500 limit 1)
     where id = ${tlSql('0')}`;

  /**
   * timeline_analytics as the app would have written it (issue 24): a row per post (with its type), comment,
   * reaction and membership, at their own times, and one view per member on about half the days of the two
   * years, in the busy threadlines only (the quiet ones' views would only add rows nobody measures).
   */
  const analytics: Array<[string, string]> = [
    [
      'analytics: posts',
      `insert into timeline_analytics (timeline_id, user_id, action, metadata, created_at)
       select timeline_id, author_id, 'post_created', jsonb_build_object('type', type), created_at from posts`,
    ],
    [
      'analytics: comments',
      `insert into timeline_analytics (timeline_id, user_id, action, created_at)
       select timeline_id, author_id, 'comment_created', created_at from comments`,
    ],
    [
      'analytics: reactions',
      `insert into timeline_analytics (timeline_id, user_id, action, metadata, created_at)
       select p.timeline_id, r.user_id, 'reaction_added', jsonb_build_object('emoji', r.emoji), r.created_at
       from reactions r join posts p on p.id = r.post_id`,
    ],
    [
      'analytics: joins and views',
      `insert into timeline_analytics (timeline_id, user_id, action, created_at)
       select timeline_id, user_id, 'member_joined', joined_at from timeline_members;
       insert into timeline_analytics (timeline_id, user_id, action, created_at)
       select m.timeline_id, m.user_id, 'timeline_viewed', ${ANCHOR} - d * interval '1 day' - interval '3 hours'
       from timeline_members m, generate_series(0, 729) d
       where m.timeline_id in (${Array.from({ length: B }, (_, i) => tlSql(String(i))).join(', ')})
         and (d + abs(hashtext(m.user_id::text))) % 2 = 0`,
    ],
  ];

  return { base, postsSql, commentsSql, reactionsSql, analytics, pin, comments: C };
}

/** Splits 0..total-1 into `parts` ranges. */
export function chunks(total: number, parts: number): Array<[number, number]> {
  const size = Math.ceil(total / parts);
  const out: Array<[number, number]> = [];
  for (let first = 0; first < total; first += size) out.push([first, Math.min(total, first + size) - 1]);
  return out;
}
