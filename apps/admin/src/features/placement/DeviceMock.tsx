import type { PlayerPosition } from '@popstage/core/placement';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import type { PlacementDevice } from './data';
import styles from './placement.module.css';

interface Props {
  device: PlacementDevice;
  position: PlayerPosition;
  /** False shows the position without letting it move (Bottom Left Corner). */
  movable: boolean;
  label: string;
  onChange: (position: PlayerPosition) => void;
}

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/**
 * A phone or desktop screen with the player as a marker. xAxis/yAxis are percent of the room the
 * player has to move in (0 = left/top edge, 100 = right/bottom edge). Drag with a pointer, or
 * focus the marker and use the arrow keys (Shift for steps of 10).
 */
export function DeviceMock({ device, position, movable, label, onChange }: Props) {
  const screenRef = useRef<HTMLDivElement>(null);
  const markerRef = useRef<HTMLButtonElement>(null);
  const grab = useRef<{ dx: number; dy: number } | null>(null);

  const toPosition = (clientX: number, clientY: number) => {
    const screen = screenRef.current?.getBoundingClientRect();
    const marker = markerRef.current?.getBoundingClientRect();
    if (!screen || !marker || !grab.current) return;
    const roomX = Math.max(1, screen.width - marker.width);
    const roomY = Math.max(1, screen.height - marker.height);
    onChange({
      xAxis: clamp(((clientX - grab.current.dx - screen.left) / roomX) * 100),
      yAxis: clamp(((clientY - grab.current.dy - screen.top) / roomY) * 100),
    });
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (!movable) return;
    const marker = event.currentTarget.getBoundingClientRect();
    grab.current = { dx: event.clientX - marker.left, dy: event.clientY - marker.top };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (grab.current) toPosition(event.clientX, event.clientY);
  };
  const onPointerUp = () => {
    grab.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!movable) return;
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onChange({ xAxis: clamp(position.xAxis + move[0]), yAxis: clamp(position.yAxis + move[1]) });
  };

  return (
    <div className={device === 'mobile' ? styles.phone : styles.desktop}>
      <div className={styles.screen} ref={screenRef}>
        <div className={styles.fakeHeader} />
        <div className={styles.fakeLine} />
        <div className={styles.fakeLine} />
        <div className={styles.fakeBlock} />
        <button
          type="button"
          ref={markerRef}
          className={`${styles.marker} ${movable ? styles.movable : ''}`}
          style={{
            left: `calc((100% - var(--marker-width)) * ${position.xAxis / 100})`,
            top: `calc((100% - var(--marker-height)) * ${position.yAxis / 100})`,
          }}
          aria-label={label}
          aria-description={`Left ${position.xAxis}%, top ${position.yAxis}%`}
          aria-disabled={!movable}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        >
          <span className={styles.play} aria-hidden />
        </button>
      </div>
    </div>
  );
}
