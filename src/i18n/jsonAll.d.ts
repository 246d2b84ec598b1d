/** The whole English catalogue as its own lazily loaded module (vite.config.ts, allEnglish). */
declare module 'virtual:all-english' {
  const messages: Record<string, unknown>;
  export default messages;
}
