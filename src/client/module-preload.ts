/**
 * An island's chunks asked for together when it starts to hydrate (decision 037). The browser
 * finds a module's static imports only once it has the module, so an island's chunks came one
 * level at a time: a round trip each, three or four for the header, 450 ms on a phone's slow 4G.
 * The build writes the table of every island's chunks (and React's) into the entry in place of
 * the token below, once the chunks have their names (scripts/build.ts); without it (a bundle the
 * build did not finish) nothing is preloaded and the islands load as before.
 */
const TABLE = "__ISLAND_CHUNKS__";

/** The table: chunk names (under /assets/chunks/, without `.js`; a bare hash is a `chunk-`) and, per island, the indexes of its chunks. */
export interface ChunkTable {
  files: string[];
  islands: Record<string, number[]>;
}

/** `files,…;island=0.1.2;…` (written by scripts/build.ts's `encodeChunkTable`). */
export function decodeChunkTable(encoded: string): ChunkTable | undefined {
  if (encoded.startsWith("__")) return undefined;
  const [files = "", ...entries] = encoded.split(";");
  const islands: Record<string, number[]> = {};
  for (const entry of entries) {
    const [name = "", indexes = ""] = entry.split("=");
    islands[name] = indexes ? indexes.split(".").map(Number) : [];
  }
  return { files: files.split(","), islands };
}

let table: ChunkTable | undefined | null = null;
const asked = new Set<string>();

/** Preloads the chunks of an island and of React (each once a page): the browser fetches them side by side. */
export function preloadChunksOf(island: string): void {
  if (table === null) table = decodeChunkTable(TABLE);
  if (!table) return;
  for (const index of [...(table.islands[island] ?? []), ...(table.islands.react ?? [])]) {
    const file = table.files[index];
    if (!file || asked.has(file)) continue;
    asked.add(file);
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = `/assets/chunks/${file.includes("-") ? file : `chunk-${file}`}.js`;
    document.head.appendChild(link);
  }
}
