/**
 * The sections of the platform console. Each area that gives staff work adds one row here and a
 * route for its screen in screens/routes.ts (login: true); every console endpoint checks the
 * arbiter role on the server.
 */
export interface ConsoleSection {
  key: string;
  titleKey: string;
  descriptionKey: string;
  path: string;
}

export const consoleSections: ConsoleSection[] = [];
