/** Vite resolves `?url` imports to the address of the emitted asset (the PDF worker). */
declare module "*?url" {
  const url: string;
  export default url;
}
