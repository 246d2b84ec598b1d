import type { CommentInput, ProductInput } from '../domain/schemas/catalogue';
import type {
  CommentItem,
  OwnProduct,
  OwnProductDetail,
  Page,
  ProductCard,
  ProductDetail,
  ProductStatus,
  Relation,
  ReviewItem,
  SearchAnswer,
  SellerApplication,
  SellerRef,
  StoreInfo,
} from '../domain/types/catalogue';
import { isSuccess } from '../domain/codes';
import type { SessionKeys } from '../domain/types/user';
import { ApiFailure, askAhead, call, signedHeaders } from './client';

/** The catalogue's calls (issue 4). */
export interface FeedParams {
  countryId: number;
  categoryId?: number;
  sellerId?: string;
  cursor?: string | null;
  limit?: number;
}

export const getFeed = (p: FeedParams) =>
  call<Page<ProductCard>>('GET', '/api/commodity/product/feed', {
    query: { countryId: p.countryId, categoryId: p.categoryId, sellerId: p.sellerId, cursor: p.cursor ?? undefined, limit: p.limit },
  });
export const searchProducts = (q: string, countryId: number, cursor?: string | null) =>
  call<SearchAnswer>('GET', '/api/commodity/product/search', { query: { q, countryId, cursor: cursor ?? undefined } });
export const getProductDetail = (id: string) => call<ProductDetail>('GET', '/api/commodity/product/detail', { query: { id } });
/** A product tile's tap: the page's detail is asked for while the page opens (src/api/client.ts, askAhead). */
export const preloadProductDetail = (id: string) => askAhead('/api/commodity/product/detail', { id });
export const getStoreInfo = (sellerId: string) => call<StoreInfo>('GET', '/api/commodity/store/info', { query: { sellerId } });
export const getComments = (productId: string, cursor?: string | null) =>
  call<Page<CommentItem>>('GET', '/api/commodity/comment/list', { query: { productId, cursor: cursor ?? undefined } });
export const getRelation = (q: { productId?: string; sellerId?: string }) =>
  call<Relation>('GET', '/api/commodity/product/relation', { query: q, quiet: true });

export const publishProduct = (product: ProductInput, submit: boolean) =>
  call<OwnProduct>('POST', '/api/commodity/product/publish', { body: { product, submit }, quiet: true });
export const editProduct = (id: string, product: ProductInput, submit: boolean) =>
  call<OwnProduct>('POST', '/api/commodity/product/edit', { body: { id, product, submit }, quiet: true });
export type SellerActionName = 'submit' | 'takeDown' | 'relist' | 'delete';
export const productAction = (action: SellerActionName, id: string) => call<OwnProduct>('POST', `/api/commodity/product/${action}`, { body: { id } });
export const getMyProducts = (status?: ProductStatus) => call<OwnProduct[]>('GET', '/api/commodity/product/mine', { query: { status } });
export const getMyProduct = (id: string) => call<OwnProductDetail>('GET', '/api/commodity/product/mine/detail', { query: { id } });

export const getReviewQueue = (status: ProductStatus) => call<ReviewItem[]>('GET', '/api/platform/product/list', { query: { status } });
export const reviewProduct = (id: string, decision: 'approve' | 'reject' | 'freeze' | 'unfreeze', reason?: string) =>
  call<null>('POST', '/api/platform/product/review', { body: reason ? { id, decision, reason } : { id, decision } });
export const getSellerApplications = () => call<SellerApplication[]>('GET', '/api/platform/seller/applications');
export const decideSellerApplication = (id: string, decision: 'approve' | 'refuse', reason?: string) =>
  call<null>('POST', '/api/platform/seller/decide', { body: reason ? { id, decision, reason } : { id, decision } });

export const getMyApplication = () => call<{ seller: boolean; application: SellerApplication | null }>('GET', '/api/commodity/seller/application');
export const applyToSell = (input: { storeName: string; realName: string; email: string; description: string }) =>
  call<SellerApplication>('POST', '/api/commodity/seller/apply', { body: input });

export const collectProduct = (id: string, on: boolean) => call<null>('POST', on ? '/api/commodity/collect/add' : '/api/commodity/collect/remove', { body: { id } });
export const getCollected = (cursor?: string | null) =>
  call<Page<ProductCard & { status: string }>>('GET', '/api/commodity/collect/list', { query: { cursor: cursor ?? undefined } });
export const followStore = (sellerId: string, on: boolean) => call<null>('POST', on ? '/api/commodity/store/follow' : '/api/commodity/store/unfollow', { body: { sellerId } });
export const getFollowedStores = () => call<SellerRef[]>('GET', '/api/commodity/store/following');

export const addComment = (input: CommentInput) => call<CommentItem>('POST', '/api/commodity/comment/add', { body: input });
export const deleteComment = (id: string) => call<null>('POST', '/api/commodity/comment/delete', { body: { id } });
export const blockCommenter = (id: string) => call<null>('POST', '/api/commodity/comment/block', { body: { id } });
export const reportProduct = (productId: string, reason: string) => call<null>('POST', '/api/commodity/product/report', { body: { productId, reason }, quiet: true });

export interface UploadedImage {
  id: string;
  width: number;
  height: number;
  urls: { thumb: string; card: string; full: string };
}

/**
 * Uploads one image (multipart field "file") with progress: XMLHttpRequest reports upload progress, fetch
 * does not. Signed like every call. Every picture of the app goes through here (src/app/uploadQueue.ts).
 */
export async function uploadImage(file: File, keys: SessionKeys | null, language: string, onProgress: (percent: number) => void): Promise<UploadedImage> {
  const headers = await signedHeaders('POST', '/api/upload/image', keys, language);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload/image');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiFailure(null, 'network', null, 0));
    xhr.onload = () => {
      try {
        const answer = JSON.parse(xhr.responseText) as { code: string; msg: string; object: UploadedImage };
        if (isSuccess(answer.code, answer.msg)) resolve(answer.object);
        else reject(new ApiFailure(answer.code, answer.msg, answer.object, xhr.status));
      } catch {
        reject(new ApiFailure(null, 'network', null, xhr.status));
      }
    };
    const form = new FormData();
    form.set('file', file);
    xhr.send(form);
  });
}
