/**
 * A small reader of prisma/schema.prisma, enough for this project's models: scalar fields,
 * `?`, @id, @unique, @default, @map, @@map, @@id, @@unique, @@index and @relation. Prisma's
 * own `migrate diff` needs a schema-engine binary that cannot be downloaded here. Anything
 * it does not understand (a list field, an unknown attribute or type) is an error, so a
 * schema change it cannot check fails loudly instead of passing unchecked.
 */
export interface PrismaField {
  name: string;
  type: string;
  optional: boolean;
  list: boolean;
  column: string;
  id: boolean;
  unique: { name?: string } | null;
  default: string | null;
  relation: { fields: string[]; references: string[]; onDelete?: string; onUpdate?: string; name?: string } | null;
}

export interface PrismaModel {
  name: string;
  table: string;
  fields: PrismaField[];
  id: string[] | null;
  uniques: { fields: string[]; name?: string }[];
  indexes: { fields: string[]; name?: string }[];
}

export interface PrismaSchema {
  models: PrismaModel[];
  enums: string[];
}

const KNOWN_FIELD_ATTRIBUTES = new Set(["id", "unique", "default", "map", "relation", "updatedAt"]);
const KNOWN_BLOCK_ATTRIBUTES = new Set(["map", "id", "unique", "index"]);

/** Removes // comments (including /// doc comments) outside string literals. */
function stripComment(line: string): string {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"' && line[i - 1] !== "\\") inString = !inString;
    if (!inString && ch === "/" && line[i + 1] === "/") return line.slice(0, i);
  }
  return line;
}

/** `@name(args)` / `@@name(args)` occurrences in a line, with balanced parentheses and strings. */
function attributes(text: string, marker: "@" | "@@"): { name: string; args: string | null }[] {
  const found: { name: string; args: string | null }[] = [];
  const pattern = marker === "@" ? /(?<!@)@([A-Za-z][\w.]*)/g : /@@([A-Za-z][\w.]*)/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    let args: string | null = null;
    let end = match.index + match[0].length;
    if (text[end] === "(") {
      let depth = 0;
      let inString = false;
      for (let i = end; i < text.length; i++) {
        const ch = text[i];
        if (ch === '"' && text[i - 1] !== "\\") inString = !inString;
        if (inString) continue;
        if (ch === "(") depth++;
        if (ch === ")" && --depth === 0) {
          args = text.slice(end + 1, i);
          end = i + 1;
          break;
        }
      }
      if (args === null) throw new Error(`Unbalanced parentheses in: ${text}`);
    }
    found.push({ name: match[1]!, args });
    pattern.lastIndex = end;
  }
  return found;
}

/** Splits `a, [b, c], key: "x, y"` at top-level commas. */
function splitArgs(args: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 0;
  for (let i = 0; i < args.length; i++) {
    const ch = args[i];
    if (ch === '"' && args[i - 1] !== "\\") inString = !inString;
    if (inString) continue;
    if (ch === "(" || ch === "[") depth++;
    if (ch === ")" || ch === "]") depth--;
    if (ch === "," && depth === 0) {
      parts.push(args.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (args.slice(start).trim()) parts.push(args.slice(start).trim());
  return parts;
}

/** Positional arguments and `key: value` arguments of an attribute. */
function parseArgs(args: string | null): { positional: string[]; named: Record<string, string> } {
  const positional: string[] = [];
  const named: Record<string, string> = {};
  for (const part of args === null ? [] : splitArgs(args)) {
    const keyed = /^(\w+)\s*:\s*([\s\S]+)$/.exec(part);
    if (keyed && !part.startsWith('"')) named[keyed[1]!] = keyed[2]!.trim();
    else positional.push(part);
  }
  return { positional, named };
}

const unquote = (value: string) => JSON.parse(value) as string;

function fieldList(value: string | undefined): string[] {
  if (!value || !value.startsWith("[") || !value.endsWith("]")) throw new Error(`Expected a field list, got: ${value}`);
  return splitArgs(value.slice(1, -1)).map((f) => {
    if (!/^\w+$/.test(f)) throw new Error(`Field options such as sort or length are not supported: ${f}`);
    return f;
  });
}

function parseField(line: string, modelName: string): PrismaField {
  const match = /^(\w+)\s+(\w+)(\?|\[\])?(.*)$/.exec(line);
  if (!match) throw new Error(`Cannot read field in model ${modelName}: ${line}`);
  const [, name, type, modifier, rest] = match as unknown as [string, string, string, string | undefined, string];
  const field: PrismaField = {
    name,
    type,
    optional: modifier === "?",
    list: modifier === "[]",
    column: name,
    id: false,
    unique: null,
    default: null,
    relation: null,
  };
  for (const { name: attr, args } of attributes(rest, "@")) {
    if (!KNOWN_FIELD_ATTRIBUTES.has(attr)) throw new Error(`Unsupported attribute @${attr} on ${modelName}.${name}`);
    const { positional, named } = parseArgs(args);
    if (attr === "map") field.column = unquote(positional[0]!);
    if (attr === "id") field.id = true;
    if (attr === "unique") field.unique = named.map ? { name: unquote(named.map) } : {};
    if (attr === "default") field.default = positional[0]!;
    if (attr === "relation") {
      field.relation = {
        fields: named.fields ? fieldList(named.fields) : [],
        references: named.references ? fieldList(named.references) : [],
        ...(named.onDelete && { onDelete: named.onDelete }),
        ...(named.onUpdate && { onUpdate: named.onUpdate }),
        ...(named.map && { name: unquote(named.map) }),
      };
    }
  }
  return field;
}

function parseModel(name: string, body: string[]): PrismaModel {
  const model: PrismaModel = { name, table: name, fields: [], id: null, uniques: [], indexes: [] };
  for (const line of body) {
    if (line.startsWith("@@")) {
      for (const { name: attr, args } of attributes(line, "@@")) {
        if (!KNOWN_BLOCK_ATTRIBUTES.has(attr)) throw new Error(`Unsupported attribute @@${attr} in model ${name}`);
        const { positional, named } = parseArgs(args);
        const entry = () => ({ fields: fieldList(named.fields ?? positional[0]), ...(named.map && { name: unquote(named.map) }) });
        if (attr === "map") model.table = unquote(positional[0]!);
        if (attr === "id") model.id = entry().fields;
        if (attr === "unique") model.uniques.push(entry());
        if (attr === "index") model.indexes.push(entry());
      }
    } else {
      model.fields.push(parseField(line, name));
    }
  }
  return model;
}

export function parsePrismaSchema(source: string): PrismaSchema {
  const lines = source
    .split("\n")
    .map((l) => stripComment(l).trim())
    .filter((l) => l !== "");
  const schema: PrismaSchema = { models: [], enums: [] };
  for (let i = 0; i < lines.length; i++) {
    const head = /^(model|enum|generator|datasource|view|type)\s+(\w+)\s*\{$/.exec(lines[i]!);
    if (!head) throw new Error(`Cannot read schema line: ${lines[i]}`);
    const body: string[] = [];
    for (i++; lines[i] !== "}"; i++) {
      if (i >= lines.length) throw new Error(`Block ${head[2]} is not closed`);
      body.push(lines[i]!);
    }
    if (head[1] === "model") schema.models.push(parseModel(head[2]!, body));
    else if (head[1] === "enum") schema.enums.push(head[2]!);
    else if (head[1] === "view" || head[1] === "type") throw new Error(`${head[1]} blocks are not supported`);
  }
  const modelNames = new Set(schema.models.map((m) => m.name));
  for (const model of schema.models) {
    for (const field of model.fields) {
      if (field.list && !modelNames.has(field.type)) throw new Error(`Scalar lists are not supported: ${model.name}.${field.name}`);
    }
  }
  return schema;
}
