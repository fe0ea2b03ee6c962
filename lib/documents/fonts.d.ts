/** Font files are bundled as their bytes (esbuild's binary loader; a Vite plugin in the tests). */
declare module '*.ttf' {
  const bytes: Uint8Array;
  export default bytes;
}
