/** The shape of the message function (`t` from src/i18n), so the pure gallery logic can be tested without React. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;
