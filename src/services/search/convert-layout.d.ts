/** convert-layout ships no types (and is CommonJS): its Russian layout. */
declare module "convert-layout/ru" {
  const layout: { fromEn(text: string): string; toEn(text: string): string };
  export default layout;
}
