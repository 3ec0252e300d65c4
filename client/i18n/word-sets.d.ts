// The English words bundled with each first screen, made at build time by scripts/word-sets.ts (ADR 0033).
declare module 'virtual:foray-words/sign-in' {
  const words: Record<string, string>;
  export default words;
}
declare module 'virtual:foray-words/main' {
  const words: Record<string, string>;
  export default words;
}
