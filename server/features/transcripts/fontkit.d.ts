/** The one call of fontkit (pdfkit's font engine, which ships no types) a transcript uses: parsing a font file. */
declare module "fontkit" {
  export function create(buffer: Uint8Array): { readonly layout: (text: string) => unknown }
}
