import { useId, useRef } from 'react';
import { Limits } from '../domain/constants';
import { useT } from '../i18n/react';
import { Icon } from './Icon';
import type { UploadItem, UploadProblem, UploadQueue } from './uploadQueue';
import { acceptedImageTypes } from './uploadShrink';
import * as css from './upload.css';

/** The server's limit on a picture, as the messages say it. */
const imageLimit = `${Limits.imageBytesMax / (1024 * 1024)} MB`;

/** The reason of a failed upload in words (issue 24: never a bare "Upload failed"). */
export function uploadProblemText(t: ReturnType<typeof useT>, problem: UploadProblem): string {
  if (problem.kind === 'server') return t('upload.problems.server', { message: problem.message });
  return t(`upload.problems.${problem.kind}`, { limit: imageLimit });
}

/** The ring over a picture being sent: its share as a number, or turning while the picture is made smaller. */
function ProgressRing({ item }: { item: UploadItem }) {
  const t = useT();
  const preparing = item.state === 'preparing';
  const value = preparing ? null : item.progress;
  return (
    <div
      className={css.ring}
      role="progressbar"
      aria-label={preparing ? t('upload.preparing') : t('upload.uploading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value ?? undefined}
      aria-valuetext={value === null ? t('upload.preparing') : `${value}%`}
      data-testid="upload-progress"
    >
      <svg className={`${css.ringSvg} ${preparing ? css.ringSpin : ''}`} viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <circle cx="18" cy="18" r="15.9155" fill="none" stroke="rgba(255,255,255,0.35)" strokeWidth="3" />
        <circle
          cx="18"
          cy="18"
          r="15.9155"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray={`${value ?? 25} 100`}
          transform="rotate(-90 18 18)"
        />
      </svg>
      {value === null ? null : (
        <span className={css.ringText} aria-hidden="true">
          {value}%
        </span>
      )}
    </div>
  );
}

/** One picture: shown at once, the ring while it goes, Retry and the reason when it failed, a remove button. */
export function UploadTile({ item, queue, testId, children }: { item: UploadItem; queue: Pick<UploadQueue, 'retry' | 'remove'>; testId: string; children?: React.ReactNode }) {
  const t = useT();
  const reasonId = useId();
  const failed = item.state === 'failed' && item.problem;
  return (
    <li className={css.tile} data-testid={testId} data-state={item.state}>
      <div className={css.frame}>
        <img className={css.image} src={item.preview} alt="" />
        {item.state === 'preparing' || item.state === 'uploading' ? (
          <div className={css.dim}>
            <ProgressRing item={item} />
          </div>
        ) : null}
        {failed && item.file ? (
          <button type="button" className={css.retry} aria-describedby={reasonId} onClick={() => queue.retry(item.key)} data-testid="upload-retry">
            <Icon name="refresh" size={20} />
            {t('upload.retry')}
          </button>
        ) : null}
        <button type="button" className={css.remove} aria-label={t('upload.remove')} onClick={() => queue.remove(item.key)} data-testid="upload-remove">
          <Icon name="close" size={14} />
        </button>
      </div>
      {failed && item.problem ? (
        <p id={reasonId} className={css.reason} role="alert" data-testid="upload-problem">
          {uploadProblemText(t, item.problem)}
        </p>
      ) : item.keptStill ? (
        <p className={css.note} data-testid="upload-kept-still">
          {t('upload.keptStill', { limit: imageLimit })}
        </p>
      ) : null}
      {children}
    </li>
  );
}

export interface UploadTilesProps {
  queue: UploadQueue;
  max: number;
  addLabel: string;
  testIds: { tile: string; input: string; add?: string };
  /** The id of the file input, for a <label htmlFor>. */
  inputId?: string;
  layout?: 'grid' | 'row';
  /** Move buttons under each tile (the first product picture is the cover). */
  reorder?: boolean;
  /** More pictures were chosen than there is room for: the first ones that fit are taken. */
  onTooMany?: () => void;
}

/** The tiles and the add button of one picture field; the file input stays out of sight and out of the tab order. */
export function UploadTiles({ queue, max, addLabel, testIds, inputId, layout = 'row', reorder = false, onTooMany }: UploadTilesProps) {
  const t = useT();
  const picker = useRef<HTMLInputElement | null>(null);
  const room = max - queue.items.length;
  const take = (list: File[]) => {
    if (list.length > room) onTooMany?.();
    queue.add(list.slice(0, Math.max(0, room)));
  };
  return (
    <ul className={css.tiles[layout]}>
      {queue.items.map((item, i) => (
        <UploadTile key={item.key} item={item} queue={queue} testId={testIds.tile}>
          {reorder ? (
            <div className={css.bar}>
              <button type="button" className={css.barButton} aria-label={t('upload.moveEarlier')} disabled={i === 0} onClick={() => queue.move(item.key, -1)}>
                <Icon name="back" size={16} />
              </button>
              <button type="button" className={css.barButton} aria-label={t('upload.moveLater')} disabled={i === queue.items.length - 1} onClick={() => queue.move(item.key, 1)}>
                <Icon name="forward" size={16} />
              </button>
            </div>
          ) : null}
        </UploadTile>
      ))}
      {room > 0 ? (
        <li className={css.tile}>
          <button type="button" className={css.add} onClick={() => picker.current?.click()} data-testid={testIds.add}>
            <Icon name="camera" size={24} />
            {addLabel}
          </button>
          <ImageFileInput inputRef={picker} id={inputId} multiple={max > 1} testId={testIds.input} onFiles={take} />
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The hidden file input behind an "add a picture" button: the image types the upload takes, emptied after
 * each choice so that the same picture can be chosen again.
 */
export function ImageFileInput({
  inputRef,
  id,
  multiple = false,
  testId,
  onFiles,
  accept = acceptedImageTypes,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  id?: string;
  multiple?: boolean;
  testId?: string;
  onFiles: (files: File[]) => void;
  /** The types offered by the picker (the listing's pickers offer every picture: the upload says what it cannot use). */
  accept?: string;
}) {
  return (
    <input
      ref={inputRef}
      id={id}
      type="file"
      accept={accept}
      multiple={multiple}
      hidden
      tabIndex={-1}
      data-testid={testId}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        onFiles(files);
      }}
    />
  );
}

/** Only the tiles, for a screen with its own add button (the chat's composer, the head portrait). */
export function UploadTileList({ queue, testId }: { queue: UploadQueue; testId: string }) {
  if (queue.items.length === 0) return null;
  return (
    <ul className={css.tiles.row}>
      {queue.items.map((item) => (
        <UploadTile key={item.key} item={item} queue={queue} testId={testId} />
      ))}
    </ul>
  );
}
