import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run';

/**
 * The records in a state of a filtered "In production" view (issue 35): when few orders match the filter, the
 * list is read from the matching orders' keys, not by walking the state's whole waiting range (a rare country +
 * category pair in a state of 380k orders took ~2.2 s). The seller's orders were indexed (0032); these index
 * the country and the categories.
 */
export const chartOrderKeyIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `create index chart_order_keys_country on chart_order_keys(country_id);
      create index chart_order_keys_categories on chart_order_keys using gin (category_ids);`,
    );
  },
};
