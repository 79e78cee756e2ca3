// Zips built record by record (APPNOTE.txt 4.3), for tests that need what no archiver writes on
// purpose: sizes, CRCs and names that lie, overlapping entries, ZIP64 records on small files,
// data descriptors, encrypted flags, any count in the end record. Test-only: the server reads
// zips with yauzl (lib/archive/read-zip.ts).
import { crc32, deflateRawSync } from "node:zlib";

export interface CraftEntry {
  name: string;
  data?: Uint8Array | string;
  /** 0 stored, 8 deflated (default), anything else is written as given (data stored). */
  method?: number;
  /** The bytes after the local header, instead of `data` stored or deflated. */
  packed?: Uint8Array;
  /** The unpacked size written in both headers (default: the real one). */
  declaredSize?: number;
  crc?: number;
  /** The name in the local header, when it should differ from the central directory's. */
  localName?: string;
  /** The raw name bytes (both headers), for encodings other than UTF-8. */
  nameBytes?: Uint8Array;
  /** Set bit 11 (UTF-8 name); default: when the name is not ASCII. */
  utf8?: boolean;
  /** More general-purpose flag bits (1: encrypted). */
  flags?: number;
  /** Sizes and CRC after the data (bit 3), zeros in the local header, as streaming writers do. */
  dataDescriptor?: boolean;
  /** st_mode in the external attributes, the entry marked as made on Unix. */
  unixMode?: number;
  /** Only a central directory record, pointing at this local header offset (no local record written). */
  directoryOnlyAt?: number;
}

export interface CraftOptions {
  /** ZIP64 extra fields on every entry and the ZIP64 end records, whatever the sizes. */
  zip64?: boolean;
  /** The entry count the end record states (default: the real one). */
  declaredCount?: number;
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n & 0xffff);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};

const bytes = (data: Uint8Array | string | undefined) => (typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data ?? new Uint8Array()));

export function craftZip(entries: CraftEntry[], options: CraftOptions = {}): Uint8Array {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  const push = (b: Buffer) => {
    parts.push(b);
    offset += b.length;
  };
  for (const entry of entries) {
    const data = bytes(entry.data);
    const method = entry.method ?? 8;
    const packed = entry.packed ? Buffer.from(entry.packed) : method === 8 ? deflateRawSync(data) : data;
    const size = entry.declaredSize ?? data.length;
    const crc = entry.crc ?? crc32(data);
    const name = entry.nameBytes ? Buffer.from(entry.nameBytes) : Buffer.from(entry.name, "utf8");
    const localName = entry.localName !== undefined ? Buffer.from(entry.localName, "utf8") : name;
    const utf8 = entry.utf8 ?? [...entry.name].some((ch) => ch.codePointAt(0)! > 0x7f);
    const flags = (utf8 ? 0x800 : 0) | (entry.dataDescriptor ? 0x8 : 0) | (entry.flags ?? 0);
    const zip64 = options.zip64 === true;
    const at = entry.directoryOnlyAt ?? offset;
    const version = zip64 ? 45 : 20;
    if (entry.directoryOnlyAt === undefined) {
      const localExtra = zip64
        ? Buffer.concat([u16(1), u16(16), u64(entry.dataDescriptor ? 0 : size), u64(entry.dataDescriptor ? 0 : packed.length)])
        : Buffer.alloc(0);
      const hidden = entry.dataDescriptor === true;
      push(
        Buffer.concat([
          u32(0x04034b50),
          u16(version),
          u16(flags),
          u16(method),
          u16(0),
          u16(0x21),
          u32(hidden ? 0 : crc),
          u32(hidden ? 0 : zip64 ? 0xffffffff : packed.length),
          u32(hidden ? 0 : zip64 ? 0xffffffff : size),
          u16(localName.length),
          u16(localExtra.length),
          localName,
          localExtra,
          packed,
        ]),
      );
      if (hidden) push(Buffer.concat([u32(0x08074b50), u32(crc), ...(zip64 ? [u64(packed.length), u64(size)] : [u32(packed.length), u32(size)])]));
    }
    const extra = zip64 ? Buffer.concat([u16(1), u16(24), u64(size), u64(packed.length), u64(at)]) : Buffer.alloc(0);
    const madeBy = entry.unixMode !== undefined ? (3 << 8) | version : version;
    directory.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(madeBy),
        u16(version),
        u16(flags),
        u16(method),
        u16(0),
        u16(0x21),
        u32(crc),
        u32(zip64 ? 0xffffffff : packed.length),
        u32(zip64 ? 0xffffffff : size),
        u16(name.length),
        u16(extra.length),
        u16(0),
        u16(0),
        u16(0),
        u32(entry.unixMode !== undefined ? (entry.unixMode << 16) >>> 0 : 0),
        u32(zip64 ? 0xffffffff : at),
        name,
        extra,
      ]),
    );
  }
  const start = offset;
  const central = Buffer.concat(directory);
  push(central);
  const count = options.declaredCount ?? entries.length;
  if (options.zip64) {
    const record = offset;
    push(Buffer.concat([u32(0x06064b50), u64(44), u16(45), u16(45), u32(0), u32(0), u64(count), u64(count), u64(central.length), u64(start)]));
    push(Buffer.concat([u32(0x07064b50), u32(0), u64(record), u32(1)]));
  }
  const big = options.zip64 === true;
  push(
    Buffer.concat([
      u32(0x06054b50),
      u16(0),
      u16(0),
      u16(big ? 0xffff : count),
      u16(big ? 0xffff : count),
      u32(big ? 0xffffffff : central.length),
      u32(big ? 0xffffffff : start),
      u16(0),
    ]),
  );
  return new Uint8Array(Buffer.concat(parts));
}
