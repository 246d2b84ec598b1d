import type { Migration, MigrationProvider } from 'kysely';
import { spine } from './migrations/0001_spine';
import { timers } from './migrations/0002_timers';
import { media } from './migrations/0003_media';
import { catalogue } from './migrations/0004_catalogue';
import { accounts } from './migrations/0005_accounts';
import { commerce } from './migrations/0007_commerce';
import { catalogueMore } from './migrations/0006_catalogue_more';
import { orderLifecycle } from './migrations/0008_order_lifecycle';
import { hardening } from './migrations/0009_hardening';
import { scale } from './migrations/0014_scale';
import { afterSale } from './migrations/0010_after_sale';
import { withdrawal } from './migrations/0011_withdrawal';
import { points } from './migrations/0012_points';
import { customerService } from './migrations/0013_customer_service';
import { privateMedia } from './migrations/0015_private_media';
import { listing } from './migrations/0016_listing';
import { orderTabs } from './migrations/0017_order_tabs';
import { searchPostings } from './migrations/0018_search_postings';
import { cardIndexes } from './migrations/0019_card_indexes';
import { productCards } from './migrations/0020_product_cards';
import { productCovers } from './migrations/0021_product_covers';
import { toPayTab } from './migrations/0022_to_pay_tab';
import { payoutChain } from './migrations/0023_payout_chain';
import { liveNotices } from './migrations/0024_live_notices';
import { abuseLimits } from './migrations/0025_abuse_limits';
import { chartSteps } from './migrations/0026_chart_steps';
import { payoutAddress } from './migrations/0027_payout_address';
import { trustFigures } from './migrations/0028_trust_figures';
import { chartRollups } from './migrations/0029_chart_rollups';
import { quickReplies } from './migrations/0030_quick_replies';
import { listingDrafts } from './migrations/0031_listing_drafts';
import { chartOrderFilters } from './migrations/0032_chart_order_filters';
import { chartOrderKeyIndexes } from './migrations/0033_chart_order_key_indexes';

/**
 * Migrations, in order: one file each in server/db/migrations/, plain SQL run statement by
 * statement so PGlite and PostgreSQL run the very same text. Never edit a landed migration; add the
 * next file and list it here.
 */
const migrations: Record<string, Migration> = {
  '0001_spine': spine,
  '0002_timers': timers,
  '0003_media': media,
  '0004_catalogue': catalogue,
  '0005_accounts': accounts,
  '0006_catalogue_more': catalogueMore,
  '0007_commerce': commerce,
  '0008_order_lifecycle': orderLifecycle,
  '0009_hardening': hardening,
  '0014_scale': scale,
  '0010_after_sale': afterSale,
  '0011_withdrawal': withdrawal,
  '0012_points': points,
  '0013_customer_service': customerService,
  '0015_private_media': privateMedia,
  '0016_listing': listing,
  '0017_order_tabs': orderTabs,
  '0018_search_postings': searchPostings,
  '0019_card_indexes': cardIndexes,
  '0020_product_cards': productCards,
  '0021_product_covers': productCovers,
  '0022_to_pay_tab': toPayTab,
  '0023_payout_chain': payoutChain,
  '0024_live_notices': liveNotices,
  '0025_abuse_limits': abuseLimits,
  '0026_chart_steps': chartSteps,
  '0027_payout_address': payoutAddress,
  '0028_trust_figures': trustFigures,
  '0029_chart_rollups': chartRollups,
  '0030_quick_replies': quickReplies,
  '0031_listing_drafts': listingDrafts,
  '0032_chart_order_filters': chartOrderFilters,
  '0033_chart_order_key_indexes': chartOrderKeyIndexes,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
