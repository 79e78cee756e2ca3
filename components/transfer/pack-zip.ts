import { Zip, ZipDeflate } from "fflate";

/**
 * A dropped folder packed into one zip in the browser, so that it goes to the same import
 * endpoint as an archive. fflate's streaming Zip, a file at a time with a pause between them,
 * keeps the page responsive; `onProgress` gets the share of bytes packed.
 */
export async function packZip(files: readonly { path: string; file: File }[], onProgress: (share: number) => void): Promise<Blob> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk as Uint8Array<ArrayBuffer>);
  });
  const total = files.reduce((sum, f) => sum + f.file.size, 0) || 1;
  let done = 0;
  let lastPause = performance.now();
  for (const { path, file } of files) {
    const entry = new ZipDeflate(path.replace(/^\/+/, ""), { level: 6 });
    zip.add(entry);
    entry.push(new Uint8Array(await file.arrayBuffer()), true);
    if (failure) throw failure;
    done += file.size;
    if (performance.now() - lastPause > 30) {
      onProgress(done / total);
      await new Promise((ok) => setTimeout(ok, 0));
      lastPause = performance.now();
    }
  }
  zip.end();
  if (failure) throw failure;
  onProgress(1);
  return new Blob(chunks, { type: "application/zip" });
}
