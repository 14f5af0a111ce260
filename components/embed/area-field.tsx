'use client';

import { useId, useRef, useState } from 'react';
import type { BuilderDraft, DraftErrors } from '@/lib/embed/builder-draft';
import { cameraFitting } from '@/lib/embed/camera';
import type { Bounds } from '@/lib/explorer/bounds';
import { formatArea, parseArea } from '@/lib/explorer/preset';
import type { Camera } from '@/lib/explorer/state';
import type { EmbedBuilderMessages } from '@/lib/i18n/embed-builder-messages';
import type { CameraRequest } from '@/lib/map/view';
import { AreaMap } from './area-map';
import { FieldError } from './field-error';
import { NearRadiusInput } from './near-radius-input';
import styles from './snippet-builder.module.css';
import { TownInput } from './town-input';

export interface AreaFieldProps {
  t: EmbedBuilderMessages;
  draft: BuilderDraft;
  error: DraftErrors['area'];
  nearError: DraftErrors['near'];
  update: (patch: Partial<BuilderDraft>) => void;
  map: { mapLibPath: string; mapStyleUrl: string | undefined; defaultCamera: Camera };
}

/** The map's frame, cut to the world a bbox can name (far out, a map shows more than ±180° and ±85°). */
function worldClamped(bounds: Bounds): Bounds {
  return {
    west: Math.max(-180, bounds.west),
    south: Math.max(-85, bounds.south),
    east: Math.min(180, bounds.east),
    north: Math.min(85, bounds.north),
  };
}

/** How many times a move to an area is asked again when the map's frame does not show it (see below). */
const MAX_RETRIES = 2;

/** Whether a frame is the map showing `area` (it holds the area and fits it in one dimension, within a quarter). */
function frames(bounds: Bounds, area: Bounds): boolean {
  const slack = 1e-4;
  const holds =
    bounds.west <= area.west + slack &&
    bounds.east >= area.east - slack &&
    bounds.south <= area.south + slack &&
    bounds.north >= area.north - slack;
  const fitsWidth = bounds.east - bounds.west <= (area.east - area.west) * 1.25;
  const fitsHeight = bounds.north - bounds.south <= (area.north - area.south) * 1.25;
  return holds && (fitsWidth || fitsHeight);
}

/**
 * A typed area moves the map; the frames the map reports after it (its first load, the move, the moves asked again, a
 * resize, the frame that shows the area) must not overwrite what the partner typed, however many there are and in
 * whatever order a slow machine reports them. Only the partner's own hand on the map (a pointer, the wheel, a key) —
 * or a town chosen — makes its frames the area again.
 *
 * Nor do they rewrite the text while the partner is in the field: a frame that lands between selecting the text and
 * typing over it (the map's first frame, on a slow machine) would put the caret after the new text, and the typing
 * would be appended to it. The latest such frame becomes the area when the partner leaves the field unchanged.
 */
function useTypedArea() {
  const typed = useRef(false);
  const editing = useRef<{ text: string; frame: string | null } | null>(null);
  return {
    expect: () => {
      typed.current = true;
    },
    /** The partner moves the map by hand: from now on its frames are the area. */
    release: () => {
      typed.current = false;
    },
    /** A frame's area as text: the text to show now, or null when the text is the partner's. */
    frame: (text: string): string | null => {
      if (typed.current) return null;
      if (editing.current) {
        editing.current.frame = text;
        return null;
      }
      return text;
    },
    /** The partner enters the field, which holds `text`. */
    focus: (text: string) => {
      editing.current = { text, frame: null };
    },
    /** The partner leaves the field, which holds `text`: the frame to show now, if one came meanwhile. */
    blur: (text: string): string | null => {
      const left = editing.current;
      editing.current = null;
      return left && left.frame !== null && left.text === text && !typed.current ? left.frame : null;
    },
  };
}

/**
 * Moves the map to show an area, sized for the map's box (the frame then follows, and with it the area). A move asked
 * for while the map is still loading is lost (the map starts on its initial camera), so the area is kept until a
 * frame shows it, and asked for again on the frames that do not.
 */
function useAreaCamera() {
  const box = useRef<HTMLDivElement>(null);
  const [request, setRequest] = useState<CameraRequest | null>(null);
  const wanted = useRef<{ area: Bounds; retries: number } | null>(null);
  const ask = (area: Bounds) => {
    const { clientWidth = 600, clientHeight = 400 } = box.current ?? {};
    setRequest((r) => ({
      camera: cameraFitting(area, clientWidth, clientHeight),
      seq: (r?.seq ?? 0) + 1,
      animate: false,
    }));
  };
  const show = (area: Bounds) => {
    wanted.current = { area, retries: 0 };
    ask(area);
  };
  /** Called with every frame the map reports: settles the wanted area, or asks for it again. */
  const settle = (bounds: Bounds) => {
    const want = wanted.current;
    if (!want) return;
    if (frames(bounds, want.area) || want.retries >= MAX_RETRIES) wanted.current = null;
    else {
      want.retries += 1;
      ask(want.area);
    }
  };
  return { box, request, show, settle };
}

const MODES = ['none', 'map', 'near'] as const;

/**
 * The area: none, one chosen on a live map, by town, or typed as coordinates, or the visitor's position with such an
 * area as the fallback; an invalid area or radius is explained.
 */
export function AreaField({ t, draft, error, nearError, update, map }: AreaFieldProps) {
  const id = useId();
  const { box, request, show, settle } = useAreaCamera();
  const typed = useTypedArea();
  // While the partner is in the field it shows their text, not the draft's: a frame reported just before they entered
  // it is rendered just after (a slow machine renders it after the focus and the selection), and would otherwise
  // replace the text under their selection, the caret left after it and their typing appended.
  const [fieldText, setFieldText] = useState<string | null>(null);
  return (
    <fieldset className={styles.group}>
      <legend>{t.area}</legend>
      <div className={styles.choices}>
        {MODES.map((mode) => (
          <label key={mode} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={draft.areaMode === mode}
              onChange={() => update({ areaMode: mode })}
            />
            {{ none: t.areaNone, map: t.areaMap, near: t.areaNear }[mode]}
          </label>
        ))}
      </div>
      {draft.areaMode === 'near' && (
        <NearRadiusInput
          t={t}
          value={draft.nearText}
          invalid={nearError !== undefined}
          onChange={(nearText) => update({ nearText })}
        />
      )}
      {draft.areaMode !== 'none' && (
        <>
          <p className={styles.hint}>{draft.areaMode === 'near' ? t.nearFallbackHint : t.areaMapHint}</p>
          {/* Listens only: the map inside is the control, these tell its frames apart from the partner's. */}
          <div
            ref={box}
            onPointerDownCapture={typed.release}
            onWheelCapture={typed.release}
            onKeyDownCapture={typed.release}
          >
            <AreaMap
              {...map}
              label={t.areaMapLabel}
              noMapMessage={t.noMap}
              initialCamera={map.defaultCamera}
              cameraRequest={request}
              onFrame={(bounds) => {
                settle(bounds);
                const areaText = typed.frame(formatArea(worldClamped(bounds)));
                if (areaText !== null) update({ areaText });
              }}
            />
          </div>
          <TownInput
            t={t}
            onTown={(area) => {
              // The map's frame of the town becomes the area, whatever was typed before.
              typed.release();
              show(area);
            }}
          />
          <label htmlFor={`${id}-bbox`}>{t.bbox}</label>
          <input
            id={`${id}-bbox`}
            value={fieldText ?? draft.areaText}
            inputMode="decimal"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-bbox-error` : undefined}
            data-testid="area-text"
            onFocus={(e) => {
              typed.focus(e.target.value);
              setFieldText(e.target.value);
            }}
            onBlur={(e) => {
              setFieldText(null);
              const areaText = typed.blur(e.target.value);
              if (areaText !== null) update({ areaText });
            }}
            onChange={(e) => {
              setFieldText(e.target.value);
              update({ areaText: e.target.value });
              const area = parseArea(e.target.value);
              if (area) {
                typed.expect();
                show(area);
              }
            }}
          />
          <FieldError id={`${id}-bbox-error`} message={error ? t.areaInvalid : undefined} />
        </>
      )}
    </fieldset>
  );
}
