import { useEffect, useRef, useState } from 'react';
import { uploadImage, type UploadedImage } from '../api/catalogue';
import { ApiFailure } from '../api/client';
import { currentLanguage } from '../i18n/i18n';
import { useGate } from './gateContext';
import { shrinkForUpload } from './uploadShrink';

/**
 * The one upload queue of the app (issue 24, finding 11): product pictures, after-sale evidence, chat
 * pictures, work-order pictures and the head portrait all go through it. A picture shows at once from the
 * device (an object URL) while it is made smaller if it must be and sent with its progress; a failed one
 * keeps its tile with the reason, and Retry sends the same file again.
 */
export type UploadProblem = { kind: 'network' | 'tooLarge' | 'wrongType' | 'unreadable' } | { kind: 'server'; message: string };

export interface UploadItem {
  key: string;
  /** What the tile shows: the device's own copy while there is one, else the stored thumbnail. */
  preview: string;
  state: 'preparing' | 'uploading' | 'done' | 'failed';
  progress: number;
  image: UploadedImage | null;
  problem: UploadProblem | null;
  /** Kept for Retry; null for a picture that was already stored (editing a product). */
  file: File | null;
  /** An animated GIF over the limit was made smaller as a still picture: the tile says so. */
  keptStill: boolean;
}

export interface UploadQueue {
  items: readonly UploadItem[];
  add(files: Iterable<File>): void;
  retry(key: string): void;
  remove(key: string): void;
  move(key: string, by: number): void;
  /** True while a picture is being made smaller or sent. */
  busy: boolean;
  /** The stored images, in the order of the tiles. */
  images: UploadedImage[];
}

export interface UploadQueueOptions {
  initial?: readonly UploadedImage[];
  /** The same picture was already among the tiles (the server names a picture by its content): the new tile goes. */
  onRepeated?: () => void;
  /** A picture is stored. Answer 'remove' to take its tile away (chat sends it as a message, the portrait is set). */
  onUploaded?: (image: UploadedImage) => 'keep' | 'remove' | Promise<'keep' | 'remove'>;
}

export function uploadProblemOf(error: unknown): UploadProblem {
  if (error instanceof ApiFailure) {
    if (error.code === null) return { kind: 'network' };
    const object = error.object as { field?: unknown } | null;
    if (object && object.field === 'body') return { kind: 'tooLarge' };
    return { kind: 'server', message: error.message };
  }
  return { kind: 'network' };
}

let counter = 0;

export function useUploadQueue(options: UploadQueueOptions = {}): UploadQueue {
  const gate = useGate();
  const [items, setItems] = useState<UploadItem[]>(() =>
    (options.initial ?? []).map((image) => ({ key: image.id, preview: image.urls.thumb, state: 'done', progress: 100, image, problem: null, file: null, keptStill: false })),
  );
  const now = useRef(items);
  now.current = items;
  const latest = useRef(options);
  latest.current = options;
  const alive = useRef(true);
  const urls = useRef(new Set<string>());
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      for (const url of urls.current) URL.revokeObjectURL(url);
      urls.current.clear();
    };
  }, []);

  const patch = (key: string, change: Partial<UploadItem>) => {
    if (alive.current) setItems((list) => list.map((x) => (x.key === key ? { ...x, ...change } : x)));
  };
  /** Lets go of a tile's device copy (an object URL this queue made), if it is one. */
  const forget = (key: string) => {
    const item = now.current.find((x) => x.key === key);
    if (item && urls.current.has(item.preview)) {
      URL.revokeObjectURL(item.preview);
      urls.current.delete(item.preview);
    }
  };
  const drop = (key: string) => {
    forget(key);
    if (alive.current) setItems((list) => list.filter((x) => x.key !== key));
  };

  const run = async (key: string, file: File) => {
    patch(key, { state: 'preparing', progress: 0, problem: null });
    const ready = await shrinkForUpload(file);
    if ('refused' in ready) return patch(key, { state: 'failed', problem: { kind: ready.refused } });
    if (ready.resized) {
      // The tile shows what is sent: an animated GIF made smaller is a still picture, and the tile stops moving.
      forget(key);
      const preview = URL.createObjectURL(ready.file);
      urls.current.add(preview);
      patch(key, { preview, keptStill: ready.still });
    }
    patch(key, { state: 'uploading' });
    try {
      const image = await uploadImage(ready.file, gate.getSnapshot().context.session, currentLanguage(), (progress) => patch(key, { progress }));
      // Left the screen, or removed the tile while it went: the picture is not used.
      if (!alive.current || !now.current.some((x) => x.key === key)) return;
      if (now.current.some((x) => x.key !== key && x.image?.id === image.id)) {
        drop(key);
        latest.current.onRepeated?.();
        return;
      }
      patch(key, { state: 'done', progress: 100, image });
      const after = await latest.current.onUploaded?.(image);
      if (after === 'remove') drop(key);
    } catch (error) {
      patch(key, { state: 'failed', problem: uploadProblemOf(error) });
    }
  };

  const add = (files: Iterable<File>) => {
    const fresh: UploadItem[] = [];
    for (const file of files) {
      counter += 1;
      const preview = URL.createObjectURL(file);
      urls.current.add(preview);
      fresh.push({ key: `upload-${counter}`, preview, state: 'preparing', progress: 0, image: null, problem: null, file, keptStill: false });
    }
    if (fresh.length === 0) return;
    now.current = [...now.current, ...fresh];
    setItems((list) => [...list, ...fresh]);
    for (const item of fresh) if (item.file) void run(item.key, item.file);
  };

  return {
    items,
    add,
    retry: (key) => {
      const item = now.current.find((x) => x.key === key);
      if (item?.file && item.state === 'failed') void run(key, item.file);
    },
    remove: drop,
    move: (key, by) =>
      setItems((list) => {
        const index = list.findIndex((x) => x.key === key);
        if (index < 0) return list;
        const next = [...list];
        const [item] = next.splice(index, 1);
        if (item) next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item);
        return next;
      }),
    busy: items.some((x) => x.state === 'preparing' || x.state === 'uploading'),
    images: items.flatMap((x) => (x.state === 'done' && x.image ? [x.image] : [])),
  };
}
