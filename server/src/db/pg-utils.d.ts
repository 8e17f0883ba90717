// node-postgres's value mapping (pg/lib/utils.js, exported by the package) ships no type declarations; the part we use.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
