import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import type { ImageRef } from '../domain/types/catalogue';
import { useT } from '../i18n/react';
import { Icon } from './Icon';
import * as css from './photoViewer.css';

/**
 * The full-screen photo viewer: a Radix dialog (focus trapped and returned, Escape closes), a strip that
 * swipes (scroll snap) and answers the arrow keys, a counter "2/3", and zoom (the button, or a double tap)
 * to twice the size, panned by scrolling. The product page's (issue 22) and the product review's (issue 24).
 */
export function PhotoViewer({ title, images, start, onClose }: { title: string; images: readonly ImageRef[]; start: number; onClose: (at: number) => void }) {
  const t = useT();
  const count = images.length;
  const [index, setIndex] = useState(start);
  const [zoomed, setZoomed] = useState(false);
  const strip = useRef<HTMLDivElement | null>(null);
  const sign = () => (strip.current && getComputedStyle(strip.current).direction === 'rtl' ? -1 : 1);
  const show = (i: number, smooth = true) => {
    const el = strip.current;
    const next = Math.max(0, Math.min(count - 1, i));
    setZoomed(false);
    setIndex(next);
    el?.scrollTo({ left: sign() * next * el.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
  };
  useEffect(() => {
    show(start, false);
  }, []);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(index)}>
      <Dialog.Portal>
        <Dialog.Content
          className={css.viewer}
          data-testid="photo-viewer"
          aria-describedby={undefined}
          // The opener shows the picture the viewer closed on, then takes the focus back itself (onClose(at)).
          onCloseAutoFocus={(e) => e.preventDefault()}
          onKeyDown={(e) => {
            const rtl = sign() === -1;
            const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
            if (step === undefined) return;
            e.preventDefault();
            show(index + step);
          }}
        >
          <Dialog.Title className={css.visuallyHidden}>{title}</Dialog.Title>
          <div className={css.viewerTop}>
            <span className={css.viewerCount} data-testid="viewer-counter" aria-live="polite">
              {index + 1}/{count}
            </span>
            <button type="button" className={css.viewerButton} aria-pressed={zoomed} aria-label={t('buy.gallery.zoom')} onClick={() => setZoomed(!zoomed)} data-testid="viewer-zoom">
              <Icon name="zoomIn" />
            </button>
            <Dialog.Close asChild>
              <button type="button" className={css.viewerButton} aria-label={t('app.close')} data-testid="viewer-close">
                <Icon name="close" />
              </button>
            </Dialog.Close>
          </div>
          <div
            ref={strip}
            className={css.viewerStrip}
            data-zoomed={zoomed}
            // A scrolling strip the keyboard reaches (issue 33, finding 11): the arrow keys move between pictures.
            tabIndex={0}
            role="group"
            aria-label={t('freshness.gallery.label', { title, count })}
            onScroll={(e) => {
              if (zoomed) return;
              const el = e.currentTarget;
              // Only where a picture has come to rest: a smooth scroll's passing positions would name the wrong one.
              const at = Math.abs(el.scrollLeft) / Math.max(1, el.clientWidth);
              if (Math.abs(at - Math.round(at)) < 0.02) setIndex(Math.round(at));
            }}
          >
            {images.map((image, i) => (
              <div
                key={image.id}
                className={css.viewerSlide}
                data-zoomed={zoomed && i === index}
                // Zoomed, the picture pans by scrolling: the keyboard reaches it too.
                {...(zoomed && i === index ? { tabIndex: 0, role: 'group', 'aria-label': t('buy.gallery.zoom') } : {})}
              >
                <img
                  className={css.viewerImage}
                  src={image.urls.full}
                  width={1080}
                  height={1080}
                  alt={t('freshness.gallery.image', { n: i + 1, count })}
                  loading={Math.abs(i - start) <= 1 ? 'eager' : 'lazy'}
                  onDoubleClick={() => setZoomed(!zoomed)}
                  data-testid="viewer-image"
                />
              </div>
            ))}
          </div>
          <div className={css.viewerNav}>
            <button type="button" className={css.viewerButton} aria-label={t('buy.gallery.previous')} disabled={index === 0} onClick={() => show(index - 1)} data-testid="viewer-previous">
              <Icon name="back" />
            </button>
            <button type="button" className={css.viewerButton} aria-label={t('buy.gallery.next')} disabled={index >= count - 1} onClick={() => show(index + 1)} data-testid="viewer-next">
              <Icon name="forward" />
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
