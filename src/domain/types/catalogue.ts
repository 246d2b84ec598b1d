import type { ProductRating, ShopTrust } from '../trust';
import type { ProductCondition, ProductInput, ShippingMethod, VisibleRange } from '../schemas/catalogue';

/** The product lifecycle chart's states (machines/product.machine.ts); a listed product is `normal`. */
export type ProductStatus = 'draft' | 'reviewing' | 'normal' | 'reviewFailed' | 'frozen' | 'takenDown' | 'deleted' | 'backup';

/** What the catalogue answers. Ids are decimal strings, money is a decimal string of the coin. */
export interface ImageRef {
  id: string;
  width: number;
  height: number;
  urls: { thumb: string; card: string; full: string };
}

export interface ProductCard {
  id: string;
  title: string;
  price: string;
  condition: ProductCondition;
  image: ImageRef | null;
  sellerId: string;
  sellerName: string;
  categoryId: number;
  /** The buyers' average order rating (one decimal), null without ratings; how many rated; units sold (issue 33). */
  rating: number | null;
  ratings: number;
  sold: number;
}

export interface Page<T> {
  list: T[];
  /** Pass back as `cursor` for the next page; null at the end. */
  next: string | null;
}

export interface SellerRef {
  id: string;
  username: string;
  nickname: string;
  headPortrait: string | null;
  countryId: number;
  countryName: string;
}

export interface Sku {
  id: string;
  specification: string;
  colour: string;
  stock: number;
}

export interface ProductDetail {
  id: string;
  title: string;
  description: string;
  images: ImageRef[];
  categoryId: number;
  categoryKey: string;
  condition: ProductCondition;
  skus: Sku[];
  price: string;
  shippingFee: string;
  shippingMethod: ShippingMethod;
  shippingPlace: string;
  saleCountries: { id: number; name: string }[];
  visibleRange: VisibleRange;
  globalBarter: boolean;
  contactEmail: string;
  afterSales: string;
  status: ProductStatus;
  seller: SellerRef;
  rating: { average: number | null; count: number };
  /** Units sold (received orders, less refunds after receipt). */
  sold: number;
  /** The latest order ratings with words, newest first. */
  latestRatings: ProductRating[];
  /** The seller's shop figures. */
  shop: ShopTrust;
  collects: number;
}

/** The seller's own view of a product: the form's values, the state, the reviewer's reason and what may be done now. */
export interface OwnProduct {
  id: string;
  title: string;
  price: string;
  image: ImageRef | null;
  status: ProductStatus;
  reason: string | null;
  allowed: string[];
  updatedAt: string;
}

export interface OwnProductDetail extends OwnProduct {
  input: ProductInput;
  images: ImageRef[];
}

export interface ReviewItem extends OwnProduct {
  seller: SellerRef;
  description: string;
  images: ImageRef[];
  reports: number;
}

export interface StoreInfo {
  seller: SellerRef;
  followers: number;
  products: number;
  /** The shop's trust figures (issue 33). */
  trust: ShopTrust;
}

export interface CommentItem {
  id: string;
  rating: number;
  content: string;
  anonymous: boolean;
  /** Null when anonymous (except to the product's owner, who still cannot see who). */
  authorName: string | null;
  createdAt: string;
  /** Whether the caller may delete it and block its author (the product's owner). */
  mine: boolean;
}

export interface Relation {
  collected: boolean;
  following: boolean;
  owner: boolean;
}

export interface SellerApplication {
  id: string;
  storeName: string;
  realName: string;
  email: string;
  description: string;
  status: 'pending' | 'approved' | 'refused';
  reason: string | null;
  createdAt: string;
  username?: string;
}

export interface SearchAnswer {
  products: Page<ProductCard>;
  stores: SellerRef[];
}
