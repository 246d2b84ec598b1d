import crypto from 'node:crypto';
import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Limits } from '../src/domain/constants';
import type { CheckoutAnswer } from '../src/domain/types/commerce';
import { ApiCaller } from '../server/testing/apiClient';
import { insertAddress, insertProduct } from '../server/testing/commerceFixtures';
import { appAndBrowser, explainFailures, loginAs } from './support/app';
import { expectAccessible } from './support/axe';
import { shot } from './support/shots';

/**
 * Issue 24, finding 11: uploads as the best apps do them, with one component on every screen that takes
 * pictures (publish, after-sale evidence, chat, work orders, the head portrait). A picture shows at once
 * from the device with a progress ring; a phone photo over 5 MB is made smaller in the browser; a failed
 * upload keeps its tile with the reason and Retry; no text in a tile is clipped at 390 px.
 */
const suite = appAndBrowser();


const vis = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
const uploadUrl = '**/api/upload/image';

async function phone390(username: string, lang = 'en'): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, locale: lang === 'ar' ? 'ar' : 'en-US' });
  const page = await context.newPage();
  explainFailures(page);
  await loginAs(page, suite.app.url, username);
  if (lang === 'ar') await toArabic(page);
  return page;
}

async function toArabic(page: Page): Promise<void> {
  await vis(page, 'language-button').click();
  await page.getByRole('radio', { name: 'العربية' }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await page.keyboard.press('Escape');
}

async function png(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: `#${crypto.randomBytes(3).toString('hex')}` } }).png().toBuffer();
  return { name: 'picture.png', mimeType: 'image/png', buffer };
}

/** A phone photo of about 7 MB: 3000 × 2250 pixels of noise (hard to compress) stored sideways with EXIF orientation 6. */
async function bigPhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const width = 3000;
  const height = 2250;
  const raw = crypto.randomBytes(width * height * 3);
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 97 }).withMetadata({ orientation: 6 }).toBuffer();
  return { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer };
}

/**
 * An animated GIF of `frames` frames of noise, `width` × `height`, looping, 0.1 s a frame. Encoding noise as
 * GIF is slow (sharp took 5 s for 8 frames, idle): one frame is encoded and its blocks are repeated.
 */
async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const one = await sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).gif({ effort: 1 }).toBuffer();
  const table = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  // Data sub-blocks: a length byte, that many bytes, …, then a 0.
  const afterSubBlocks = (from: number): number => {
    let i = from;
    while ((one[i] ?? 0) !== 0) i += (one[i] ?? 0) + 1;
    return i + 1;
  };
  let at = 13 + table(one[10] ?? 0); // header, logical screen descriptor, global colour table
  const head = one.subarray(0, at);
  let image: Buffer | null = null;
  while (at < one.length && one[at] !== 0x3b && !image) {
    if (one[at] === 0x21) at = afterSubBlocks(at + 2); // an extension
    else if (one[at] === 0x2c) {
      const end = afterSubBlocks(at + 10 + table(one[at + 9] ?? 0) + 1); // descriptor, local table, LZW code size, data
      image = one.subarray(at, end);
    } else throw new Error(`not a GIF block: ${one[at]} at ${at}`);
  }
  if (!image) throw new Error('sharp wrote a GIF without an image');
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, 0x00, 0x00, 0x00]);
  const delay = Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00]); // graphic control: 10/100 s
  return Buffer.concat([head, loop, ...Array.from({ length: frames }, () => [delay, image]).flat(), Buffer.from([0x3b])]);
}

/** Holds every upload until `release` is called (a slow connection). */
async function holdUploads(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(uploadUrl, async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The first upload fails as on a dropped connection; the next ones go through. */
async function dropFirstUpload(page: Page): Promise<void> {
  let dropped = false;
  await page.route(uploadUrl, async (route: Route) => {
    if (dropped) return route.continue();
    dropped = true;
    return route.abort('internetdisconnected');
  });
}

/** Texts inside the tiles that do not fit in a box that clips them (the after-sale tile showed "Uploac 3%"). */
async function clippedTexts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots) => {
    const clipped: string[] = [];
    for (const root of roots) {
      for (const el of [root, ...root.querySelectorAll('*')]) {
        const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim()).map((n) => n.textContent?.trim() ?? '');
        if (own.length === 0) continue;
        const range = document.createRange();
        range.selectNodeContents(el);
        const box = range.getBoundingClientRect();
        for (let up: Element | null = el; up; up = up.parentElement) {
          const style = getComputedStyle(up);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const frame = up.getBoundingClientRect();
          if (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1) clipped.push(own.join(' '));
          break;
        }
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') clipped.push(own.join(' '));
      }
    }
    return clipped;
  });
}


/** A received order of demo_buyer from demo_seller, through the API (the after-sale apply screen needs one). */
async function receivedOrder(): Promise<string> {
  const buyer = new ApiCaller(suite.app.url, () => Date.now());
  const seller = new ApiCaller(suite.app.url, () => Date.now());
  await buyer.loginAs('demo_buyer');
  await seller.loginAs('demo_seller');
  const sellerAddress = await insertAddress(suite.app.deps.db, 'demo_seller');
  await suite.app.deps.db.updateTable('addresses').set({ is_default: true }).where('id', '=', BigInt(sellerAddress)).execute();
  const p = await insertProduct(suite.app.deps.db, { seller: 'demo_seller', title: 'Enamel mug', price: '4', shippingFee: '1' });
  const addressId = await insertAddress(suite.app.deps.db, 'demo_buyer');
  const placed = await buyer.post<CheckoutAnswer>('/api/commodity/orders/submit', { idempotencyKey: crypto.randomUUID(), items: [{ productId: p.productId, skuId: p.skuIds[0], quantity: 1 }], addressId, paymentMethod: 'balance' });
  const id = placed.object.orders[0]?.id ?? '';
  expect((await buyer.post('/api/pay/balance', { orderIds: [id] })).code).toBe('0000');
  for (const [caller, action] of [
    [seller, { type: 'CONFIRM' }],
    [seller, { type: 'SHIP', company: 'DHL', number: 'DHL5566779' }],
    [buyer, { type: 'CONFIRM_RECEIPT' }],
  ] as const) {
    expect((await caller.post('/api/commodity/orders/act', { id, action })).code).toBe('0000');
  }
  return id;
}

describe('uploads in a real browser (issue 24, finding 11)', () => {
  it('publish: the picture shows from the device at once, with a progress ring, before its upload ends', async () => {
    const page = await phone390('demo_seller');
    await page.goto(`${suite.app.url}/#/publish`);
    await page.getByTestId('publish-form').waitFor();
    const release = await holdUploads(page);
    await page.getByTestId('image-input').setInputFiles([await png()]);
    const tile = vis(page, 'upload-thumb').first();
    await expect.poll(() => tile.getAttribute('data-state')).toBe('uploading');
    // The device's own copy, not a grey tile.
    expect(await tile.locator('img').getAttribute('src')).toMatch(/^blob:/);
    const ring = tile.getByRole('progressbar', { name: 'Uploading picture' });
    expect(await ring.getAttribute('aria-valuenow')).toMatch(/^\d+$/);
    expect(await page.getByText(/Uploading \d+%/).count()).toBe(0);
    await expectAccessible(page, 'publish, uploading');
    await shot(page, 'upload-publish-uploading-en');
    release();
    await expect.poll(() => tile.getAttribute('data-state')).toBe('done');
    expect(await tile.getByRole('progressbar').count()).toBe(0);
    await page.context().close();
  });

  it('a 7 MB phone photo is made smaller in the browser (orientation kept) and accepted; the server never gets more than its limit', async () => {
    const photo = await bigPhoto();
    expect(photo.buffer.length).toBeGreaterThan(7 * 1024 * 1024);
    const page = await phone390('demo_seller');
    await page.goto(`${suite.app.url}/#/publish`);
    await page.getByTestId('publish-form').waitFor();
    // What the browser really sends: the size of the multipart form's file, read as the form is sent.
    await page.addInitScript(() => {
      const record = window as unknown as { sentSizes: number[] };
      record.sentSizes = [];
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
        const file = body instanceof FormData ? body.get('file') : null;
        if (file instanceof Blob) record.sentSizes.push(file.size);
        return send.call(this, body);
      };
    });
    await page.reload();
    await page.getByTestId('publish-form').waitFor();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/upload/image'));
    await page.getByTestId('image-input').setInputFiles([photo]);
    const stored = (await (await answer).json()) as { code: string; object: { width: number; height: number } };
    expect(stored.code).toBe('00000');
    // EXIF orientation 6: the 3000 × 2000 picture is a portrait once turned, and stays one.
    expect(stored.object.height).toBeGreaterThan(stored.object.width);
    expect(Math.max(stored.object.width, stored.object.height)).toBeLessThanOrEqual(2048);
    const sent = await page.evaluate(() => (window as unknown as { sentSizes: number[] }).sentSizes);
    expect(sent.length).toBe(1);
    expect(sent[0]).toBeGreaterThan(0);
    expect(sent[0]).toBeLessThanOrEqual(Limits.imageBytesMax);
    // The newest tile (the seller's kept draft may hold the pictures of the test before).
    await expect.poll(() => vis(page, 'upload-thumb').last().getAttribute('data-state')).toBe('done');
    await page.context().close();
  });

  it('an animated GIF over 5 MB is sent as a still picture, and its tile says so and stops moving', async () => {
    // 8 frames of noise, 1000 × 750: about 8 MB.
    const buffer = await animatedGif(1000, 750, 8);
    expect(buffer.length).toBeGreaterThan(Limits.imageBytesMax);
    expect((await sharp(buffer, { animated: true }).metadata()).pages).toBe(8);
    const page = await phone390('demo_seller');
    // The type of each picture the page made an address for (the page's security policy keeps fetch off blob: addresses).
    await page.addInitScript(() => {
      const types: Record<string, string> = {};
      (window as unknown as { blobTypes: typeof types }).blobTypes = types;
      const make = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (object: Blob | MediaSource) => {
        const url = make(object);
        if (object instanceof Blob) types[url] = object.type;
        return url;
      };
    });
    await page.goto(`${suite.app.url}/#/publish`);
    await page.reload();
    await page.getByTestId('publish-form').waitFor();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/upload/image'));
    await page.getByTestId('image-input').setInputFiles([{ name: 'dancing.gif', mimeType: 'image/gif', buffer }]);
    expect(((await (await answer).json()) as { code: string }).code).toBe('00000');
    // The newest tile (the seller's kept draft may hold the pictures of the tests before).
    const tile = vis(page, 'upload-thumb').last();
    await expect.poll(() => tile.getAttribute('data-state')).toBe('done');
    expect(await tile.getByTestId('upload-kept-still').textContent()).toBe('Animated GIF over 5 MB: sent as a still picture');
    // The tile shows the still picture that was sent, not the moving original.
    const shown = await tile.locator('img').evaluate((img: HTMLImageElement) => (window as unknown as { blobTypes: Record<string, string> }).blobTypes[img.src]);
    expect(shown).toBe('image/jpeg');
    await tile.scrollIntoViewIfNeeded();
    await shot(page, 'upload-gif-still-390-en');
    await page.context().close();
  });

  it('work order: a dropped upload keeps its tile with the reason and Retry, which succeeds; a file that is no picture says so', async () => {
    const page = await phone390('demo_buyer');
    await page.goto(`${suite.app.url}/#/workorder/workorderadd`);
    await vis(page, 'workorder-description').waitFor();
    await dropFirstUpload(page);
    await page.getByTestId('workorder-image-file').setInputFiles([await png()]);
    const tile = vis(page, 'workorder-image').first();
    await expect.poll(() => tile.getAttribute('data-state')).toBe('failed');
    expect(await tile.getByTestId('upload-problem').textContent()).toBe('No connection: not sent');
    const retry = tile.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    expect(await tile.getByRole('button', { name: 'Remove picture' }).count()).toBe(1);
    await expectAccessible(page, 'work order, failed upload');
    await shot(page, 'upload-workorder-failed-en');
    await retry.click();
    await expect.poll(() => tile.getAttribute('data-state')).toBe('done');
    expect(await tile.getByTestId('upload-problem').count()).toBe(0);

    await page.getByTestId('workorder-image-file').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') }]);
    const wrong = vis(page, 'workorder-image').nth(1);
    await expect.poll(() => wrong.getAttribute('data-state')).toBe('failed');
    expect(await wrong.getByTestId('upload-problem').textContent()).toBe('Not a picture: use JPEG, PNG, WebP, GIF or AVIF');
    await wrong.getByRole('button', { name: 'Remove picture' }).click();
    await expect.poll(() => vis(page, 'workorder-image').count()).toBe(1);
    await page.context().close();
  });

  it('chat: a picture that could not be sent says why and is sent on Retry', async () => {
    const page = await phone390('demo_buyer');
    await page.goto(`${suite.app.url}/#/mine/onlinecustomerservice`);
    await vis(page, 'chat-input').waitFor();
    await dropFirstUpload(page);
    await page.getByTestId('chat-image').setInputFiles([await png()]);
    const tile = vis(page, 'chat-upload').first();
    await expect.poll(() => tile.getAttribute('data-state')).toBe('failed');
    expect(await tile.getByTestId('upload-problem').textContent()).toBe('No connection: not sent');
    expect(await page.getByText('Upload failed').count()).toBe(0);
    await expectAccessible(page, 'chat, failed upload');
    await shot(page, 'upload-chat-failed-en');
    await tile.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => vis(page, 'chat-upload').count()).toBe(0);
    await expect.poll(() => vis(page, 'chat-message').locator('img').count()).toBe(1);
    await page.context().close();
  });

  it('after-sale evidence at 390 px: no clipped text while uploading or after a failure; Retry succeeds', async () => {
    const orderId = await receivedOrder();
    for (const lang of ['en', 'ar'] as const) {
      const page = await phone390('demo_buyer', lang);
      await page.goto(`${suite.app.url}/#/mine/order/aftersale?id=${orderId}`);
      await vis(page, 'aftersale-description').waitFor();
      const release = await holdUploads(page);
      await page.getByTestId('aftersale-evidence-file').setInputFiles([await png()]);
      const tile = vis(page, 'aftersale-evidence-thumb').first();
      // While it goes, the tile shows its share ("Uploac 3%" was the old tile's clipped text).
      await expect.poll(() => tile.innerText()).toMatch(/\d+\s?%/);
      expect(await clippedTexts(page, '[data-testid="aftersale-evidence-thumb"], [data-testid="aftersale-evidence-add"]')).toEqual([]);
      expect(await tile.getAttribute('data-state')).toBe('uploading');
      if (lang === 'en') await expectAccessible(page, 'after-sale apply, uploading');
      await shot(page, `upload-aftersale-uploading-${lang}`);
      release();
      await expect.poll(() => tile.getAttribute('data-state')).toBe('done');
      await page.unroute(uploadUrl);

      await dropFirstUpload(page);
      await page.getByTestId('aftersale-evidence-file').setInputFiles([await png()]);
      const failed = vis(page, 'aftersale-evidence-thumb').nth(1);
      await expect.poll(() => failed.getAttribute('data-state')).toBe('failed');
      expect(await clippedTexts(page, '[data-testid="aftersale-evidence-thumb"], [data-testid="aftersale-evidence-add"]')).toEqual([]);
      await expectAccessible(page, `after-sale apply, failed upload (${lang})`);
      await shot(page, `upload-aftersale-failed-${lang}`);
      await failed.getByTestId('upload-retry').click();
      await expect.poll(() => failed.getAttribute('data-state')).toBe('done');
      await page.context().close();
    }
  });

  it('head portrait: shown at once with its ring; a dropped upload keeps it with Retry; Retry sets the portrait', async () => {
    const page = await phone390('demo_buyer');
    await page.goto(`${suite.app.url}/#/mine/user/nick-name`);
    await vis(page, 'portrait-change').waitFor();
    await dropFirstUpload(page);
    await page.getByTestId('portrait-file').setInputFiles([await png()]);
    const tile = vis(page, 'portrait-upload').first();
    await expect.poll(() => tile.getAttribute('data-state')).toBe('failed');
    expect(await tile.locator('img').getAttribute('src')).toMatch(/^blob:/);
    expect(await tile.getByTestId('upload-problem').textContent()).toBe('No connection: not sent');
    await expectAccessible(page, 'portrait, failed upload');
    await tile.getByRole('button', { name: 'Retry' }).click();
    await vis(page, 'portrait').waitFor();
    expect(await vis(page, 'portrait').getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{64}-card\.webp$/);
    await page.context().close();
  });
});
