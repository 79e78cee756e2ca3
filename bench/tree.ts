/**
 * The benchmark's store: an agent's memory directory of `count` files, depths 1 to 6, with the
 * fan-outs such directories have (a few root notes, a flat folder of ~200 people, projects
 * with decisions, meeting notes by month and code notes by module, a knowledge base, a journal
 * by day, conversation summaries by date). Deterministic for a seed, written in shuffled order
 * like an agent that works on many things at once.
 */
export interface BenchTree {
  /** Memory paths in write order; no path is a folder of another. */
  paths: string[];
  /** The folder with ~200 direct children. */
  bigFolder: string;
  /** A folder five levels down with a handful of children. */
  deepPrefix: string;
}

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "api auth billing cache client config deploy design docs error event export feature flag frontend graph import " +
  "index infra invoice job latency logging metrics migration model monitor onboarding payment pipeline plan policy " +
  "queue release report retry roadmap schema search security session storage sync test token upgrade user webhook"
).split(" ");
const NAMES = (
  "ada alan barbara claude dennis donald edsger frances grace guido ken linus margaret niklaus radia " +
  "rob sophie tim tony vint whitfield yukihiro john leslie barbara2 katherine hedy annie mary evelyn"
).split(" ");

export function buildTree(count = 10_000, seed = 42): BenchTree {
  const random = rng(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const slug = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join("-");
  const unique = (make: () => string, taken: Set<string>) => {
    for (let i = 0; ; i++) {
      const name = i < 5 ? make() : `${make()}-${i}`;
      if (!taken.has(name)) return (taken.add(name), name);
    }
  };

  const fixed = ["/README.md", "/user_profile.md", "/preferences.md", "/style_guide.md", "/open_questions.md"];
  const bigFolder = "/people/";
  const people = new Set<string>();
  for (let i = 0; i < 200; i++) fixed.push(`${bigFolder}${unique(() => `${pick(NAMES)}-${pick(NAMES)}`, people)}.md`);

  const rest: string[] = [];
  let deepPrefix = "";
  const projects = new Set<string>();
  for (let p = 0; p < 40; p++) {
    const project = `/projects/${unique(() => slug(2), projects)}/`;
    rest.push(`${project}overview.md`, `${project}status.md`, `${project}todo.md`);
    for (let d = 1, n = between(6, 14); d <= n; d++) rest.push(`${project}decisions/${String(d).padStart(4, "0")}-${slug(3)}.md`);
    for (let m = 1, months = between(3, 8); m <= months; m++) {
      const names = new Set<string>();
      for (let k = 0, n = between(4, 9); k < n; k++) rest.push(`${project}meetings/2026-${String(m).padStart(2, "0")}/${unique(() => slug(2), names)}.md`);
    }
    const modules = new Set<string>();
    for (let k = 0, n = between(3, 6); k < n; k++) {
      const codeModule = unique(() => pick(WORDS), modules);
      const areas = new Set<string>();
      for (let a = 0, na = between(2, 4); a < na; a++) {
        const folder = `${project}code/${codeModule}/${unique(() => pick(WORDS), areas)}/`;
        const files = new Set<string>();
        for (let f = 0, nf = between(3, 8); f < nf; f++) rest.push(`${folder}${unique(() => slug(2), files)}.md`);
        if (!deepPrefix) deepPrefix = folder;
      }
    }
  }
  const domains = new Set<string>();
  for (let d = 0; d < 40; d++) {
    const domain = `/knowledge/${unique(() => pick(WORDS), domains)}/`;
    const topics = new Set<string>();
    for (let t = 0, nt = between(3, 8); t < nt; t++) {
      const topic = `${domain}${unique(() => slug(2), topics)}/`;
      const files = new Set<string>();
      for (let f = 0, nf = between(3, 12); f < nf; f++) rest.push(`${topic}${unique(() => slug(2), files)}.md`);
      const subs = new Set<string>();
      for (let s = 0, ns = between(0, 3); s < ns; s++) {
        const sub = `${topic}${unique(() => pick(WORDS), subs)}/`;
        for (let f = 0, nf = between(2, 6); f < nf; f++) rest.push(`${sub}note-${f + 1}.md`);
      }
    }
  }
  for (const year of [2025, 2026]) {
    for (let m = 1; m <= 12; m++)
      for (let day = 1; day <= 28; day++) rest.push(`/journal/${year}/${String(m).padStart(2, "0")}/${String(day).padStart(2, "0")}.md`);
  }
  for (let c = 0; c < 2500; c++)
    rest.push(`/conversations/2026-${String(between(1, 12)).padStart(2, "0")}-${String(between(1, 28)).padStart(2, "0")}/session-${c}.md`);
  for (const tool of WORDS) rest.push(`/tools/${tool}.md`);

  // Thin every family alike to reach exactly `count`, keeping the fixed files and the deep folder.
  const needed = count - fixed.length;
  if (rest.length < needed) throw new Error(`the tree generator makes only ${rest.length + fixed.length} paths, fewer than ${count}`);
  const deep = rest.filter((p) => p.startsWith(deepPrefix));
  const others = shuffle(
    rest.filter((p) => !p.startsWith(deepPrefix)),
    random,
  ).slice(0, needed - deep.length);
  return { paths: shuffle([...fixed, ...deep, ...others], random), bigFolder, deepPrefix };
}

export function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Markdown-like content of an agent's note: mostly a few hundred bytes, sometimes a few kB. */
export function noteContent(path: string, random: () => number): string {
  const size = Math.round(150 + 2500 * random() ** 3);
  let text = `# ${path.split("/").pop()!.replace(/\.md$/, "")}\n\n`;
  while (text.length < size) {
    text += random() < 0.2 ? `\n- ${WORDS[Math.floor(random() * WORDS.length)]}: ` : `${WORDS[Math.floor(random() * WORDS.length)]} `;
  }
  return text + "\n";
}
