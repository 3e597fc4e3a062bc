/** subset-font ships no types: the one function this project uses. */
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: "woff2" | "woff" | "sfnt"; noHinting?: boolean },
  ): Promise<Buffer>;
}
