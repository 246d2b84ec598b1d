import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../src/app/Icon';
import { Limits } from '../../src/domain/constants';
import { ImageFileInput, uploadProblemText } from '../../src/app/UploadTiles';
import type { UploadItem, UploadQueue } from '../../src/app/uploadQueue';
import { useT } from '../../src/i18n/react';
import * as css from './listing.css';

/** The server's limit on a picture, as the messages say it. */
const imageLimit = `${Limits.imageBytesMax / (1024 * 1024)} MB`;

/** What the pickers take: any picture the device offers (the upload says what it cannot use). */
const anyPicture = 'image/*';

/**
 * The pictures of a listing (issue 37, finding 1), first in the flow: "Take photo" (the camera) and "Choose photos"
 * (the gallery, several at once). The first picture is the cover and says so. A picture is moved by dragging it
 * (mouse or touch) onto another's place, or from the keyboard: arrow keys on a focused picture, Home to make it the
 * cover; every move is announced. A picture that cannot be used says why and offers Remove; Retry only where
 * trying again can help (the connection dropped).
 */
export function PictureBoard({ queue, max, onTooMany, describedBy }: { queue: UploadQueue; max: number; onTooMany: () => void; describedBy?: string }) {
  const t = useT();
  const camera = useRef<HTMLInputElement | null>(null);
  const gallery = useRef<HTMLInputElement | null>(null);
  const hintId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [drag, setDrag] = useState<{ key: string; over: number } | null>(null);
  const frames = useRef(new Map<string, HTMLDivElement>());
  const refocus = useRef<string | null>(null);
  const press = useRef<{ key: string; x: number; y: number; id: number } | null>(null);
  const items = queue.items;
  const room = max - items.length;

  const take = (files: File[]) => {
    if (files.length > room) onTooMany();
    queue.add(files.slice(0, Math.max(0, room)));
  };

  /** Moves a picture to a place (0 is the cover), says so, and keeps the focus on it. */
  const moveTo = (key: string, to: number) => {
    const from = items.findIndex((x) => x.key === key);
    const place = Math.max(0, Math.min(items.length - 1, to));
    if (from < 0 || place === from) return;
    queue.move(key, place - from);
    refocus.current = key;
    setAnnouncement(place === 0 ? t('listing.pictures.movedCover', { total: items.length }) : t('listing.pictures.moved', { place: place + 1, total: items.length }));
  };

  useEffect(() => {
    const key = refocus.current;
    if (key === null) return;
    refocus.current = null;
    frames.current.get(key)?.focus();
  }, [items]);

  const onKey = (event: React.KeyboardEvent, item: UploadItem, index: number) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const earlier = rtl ? 'ArrowRight' : 'ArrowLeft';
    const later = rtl ? 'ArrowLeft' : 'ArrowRight';
    let to: number | null = null;
    if (event.key === earlier || event.key === 'ArrowUp') to = index - 1;
    else if (event.key === later || event.key === 'ArrowDown') to = index + 1;
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = items.length - 1;
    if (to === null) return;
    event.preventDefault();
    moveTo(item.key, to);
  };

  /** The place under a point while dragging: the tile whose frame holds it. */
  const placeAt = (x: number, y: number): number | null => {
    const at = document.elementFromPoint(x, y)?.closest('[data-place]');
    const place = at?.getAttribute('data-place');
    return place === null || place === undefined ? null : Number(place);
  };

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>, item: UploadItem) => {
    if (event.button !== 0) return;
    press.current = { key: item.key, x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    if (!p || p.id !== event.pointerId) return;
    if (!drag) {
      if (Math.hypot(event.clientX - p.x, event.clientY - p.y) < 8) return;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    const over = placeAt(event.clientX, event.clientY);
    setDrag({ key: p.key, over: over ?? drag?.over ?? items.findIndex((x) => x.key === p.key) });
  };
  const onPointerEnd = (event: React.PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    press.current = null;
    if (!p || !drag) return;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    const over = event.type === 'pointercancel' ? null : (placeAt(event.clientX, event.clientY) ?? drag.over);
    setDrag(null);
    if (over !== null) moveTo(p.key, over);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {room > 0 ? (
        <div className={css.pickers}>
          <button type="button" className={css.picker} onClick={() => camera.current?.click()} data-testid="take-photo" aria-describedby={describedBy}>
            <Icon name="camera" size={20} />
            {t('listing.pictures.takePhoto')}
          </button>
          <button type="button" className={css.picker} onClick={() => gallery.current?.click()} data-testid="choose-photos" aria-describedby={describedBy}>
            <Icon name="image" size={20} />
            {t('listing.pictures.choose')}
          </button>
          <CameraInput inputRef={camera} onFiles={take} />
          <ImageFileInput inputRef={gallery} id="images" multiple testId="image-input" onFiles={take} accept={anyPicture} />
        </div>
      ) : null}
      {items.length > 0 ? (
        <>
          <p className={css.problem} style={{ color: 'inherit' }} id={hintId}>
            {t('listing.pictures.howToMove')}
          </p>
          <ul className={css.board} data-testid="picture-board">
            {items.map((item, index) => {
              const failed = item.state === 'failed' && item.problem ? item.problem : null;
              const busy = item.state === 'preparing' || item.state === 'uploading';
              const label = index === 0 ? t('listing.pictures.coverLabel', { total: items.length }) : t('listing.pictures.label', { place: index + 1, total: items.length });
              return (
                <li key={item.key} className={css.tile} data-testid="upload-thumb" data-state={item.state} data-key={item.key}>
                  <div className={css.stack}>
                  <div
                    ref={(el) => {
                      if (el) frames.current.set(item.key, el);
                      else frames.current.delete(item.key);
                    }}
                    className={`${css.frame} ${drag?.key === item.key ? css.dragging : ''} ${drag && drag.key !== item.key && drag.over === index ? css.target : ''}`}
                    role="button"
                    tabIndex={0}
                    aria-label={label}
                    aria-describedby={hintId}
                    data-place={index}
                    data-testid="picture-frame"
                    onKeyDown={(e) => onKey(e, item, index)}
                    onPointerDown={(e) => onPointerDown(e, item)}
                    onPointerMove={onPointerMove}
                    onPointerUp={onPointerEnd}
                    onPointerCancel={onPointerEnd}
                  >
                    {failed && (failed.kind === 'wrongType' || failed.kind === 'unreadable') ? (
                      // Nothing the browser can draw: a plain sign instead of a broken picture.
                      <div className={css.dim} style={{ background: 'transparent', color: 'inherit' }} aria-hidden="true">
                        <Icon name="alert" size={28} />
                      </div>
                    ) : (
                      <img className={css.image} src={item.preview} alt="" draggable={false} />
                    )}
                    {index === 0 ? (
                      <span className={css.cover} data-testid="cover-badge" aria-hidden="true">
                        {t('listing.pictures.cover')}
                      </span>
                    ) : null}
                  </div>
                  {busy ? (
                    // Over the picture, beside the button (not inside it): its text is not part of the button's name.
                    <div className={css.dim} style={{ bottom: 'auto', aspectRatio: '1 / 1', pointerEvents: 'none', borderRadius: 10 }} role="progressbar" aria-label={t('upload.uploading')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={item.state === 'uploading' ? item.progress : undefined}>
                      <span aria-hidden="true">{item.state === 'uploading' ? `${item.progress}%` : '…'}</span>
                    </div>
                  ) : null}
                  {failed ? null : (
                    <button type="button" className={css.removeCorner} aria-label={t('listing.pictures.removeOne', { place: index + 1 })} onClick={() => queue.remove(item.key)} data-testid="upload-remove">
                      <Icon name="close" size={14} />
                    </button>
                  )}
                  </div>
                  {failed ? (
                    <>
                      <p className={css.problem} role="alert" data-testid="upload-problem">
                        {uploadProblemText(t, failed)}
                      </p>
                      <div className={css.tileActions}>
                        {failed.kind === 'network' && item.file ? (
                          <button type="button" className={css.small} onClick={() => queue.retry(item.key)} data-testid="upload-retry">
                            {t('upload.retry')}
                          </button>
                        ) : null}
                        <button type="button" className={css.small} onClick={() => queue.remove(item.key)} data-testid="upload-remove-failed">
                          {t('listing.pictures.remove')}
                        </button>
                      </div>
                    </>
                  ) : item.keptStill ? (
                    <p className={css.problem} style={{ color: 'inherit' }} data-testid="upload-kept-still">
                      {t('upload.keptStill', { limit: imageLimit })}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      <p className={css.srOnly} aria-live="polite" data-testid="picture-announcement">
        {announcement}
      </p>
    </div>
  );
}

/** The camera: one picture taken now (`capture`), where the device offers it; elsewhere the same as the gallery. */
function CameraInput({ inputRef, onFiles }: { inputRef: React.RefObject<HTMLInputElement | null>; onFiles: (files: File[]) => void }) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={anyPicture}
      capture="environment"
      hidden
      tabIndex={-1}
      data-testid="camera-input"
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        onFiles(files);
      }}
    />
  );
}
