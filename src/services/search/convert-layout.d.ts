/** convert-layout ships no types: the two functions of its Russian layout. */
declare module "convert-layout/ru" {
  export function fromEn(text: string): string;
  export function toEn(text: string): string;
}
