import { create } from 'zustand';

export const MUTE_KEY = 'sentinel.alarmPanel.muted';
/** Priorities that beep: serious and urgent. */
export const AUDIBLE_PRIORITIES: readonly number[] = [120003, 120004];

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}

export const useAlarmSoundStore = create<{ muted: boolean; setMuted: (muted: boolean) => void }>()((set) => ({
  muted: readMuted(),
  setMuted: (muted) => {
    try {
      localStorage.setItem(MUTE_KEY, muted ? '1' : '0');
    } catch {
      // Storage blocked: the choice lasts for this page only.
    }
    set({ muted });
  },
}));

let context: AudioContext | null = null;
let unlockArmed = false;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor = typeof window !== 'undefined' ? window.AudioContext : undefined;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    context = null;
  }
  return context;
}

/**
 * Browsers keep audio suspended until a user gesture: create / resume the context on the first
 * pointer or key press so later alarms can beep. Safe to call many times.
 */
export function armAudioUnlock(): void {
  if (unlockArmed || typeof window === 'undefined') return;
  unlockArmed = true;
  const unlock = () => {
    const ctx = audioContext();
    if (ctx && ctx.state === 'suspended') ctx.resume().catch(() => {});
    window.removeEventListener('pointerdown', unlock, true);
    window.removeEventListener('keydown', unlock, true);
  };
  window.addEventListener('pointerdown', unlock, true);
  window.addEventListener('keydown', unlock, true);
}

/** A short two-tone beep (880 Hz then 660 Hz). Silently does nothing while audio is blocked or muted. */
export function playAlarmBeep(): void {
  if (useAlarmSoundStore.getState().muted) return;
  const ctx = context; // only a context created by a user gesture is used
  if (!ctx) return;
  if (ctx.state !== 'running') {
    ctx.resume().catch(() => {});
    return;
  }
  try {
    const start = ctx.currentTime + 0.01;
    for (const [i, freq] of [880, 660].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const t0 = start + i * 0.18;
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(0.2, t0 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.16);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + 0.17);
    }
  } catch {
    // Audio failures never disturb the operator.
  }
}

/** The sound the global alarm settings choose (issue 16 §3): the built-in beep or an uploaded mp3. */
export interface AlarmSoundChoice {
  custom: boolean;
  /** Changes with every upload (cache key of the file). */
  version: string;
  url: string;
}

let customAudio: { key: string; audio: HTMLAudioElement } | null = null;

/** Plays the chosen sound (the custom mp3, falling back to the beep when it cannot play). */
export function playAlarmSound(choice: AlarmSoundChoice | null): void {
  if (useAlarmSoundStore.getState().muted) return;
  if (!choice?.custom || typeof Audio === 'undefined') {
    playAlarmBeep();
    return;
  }
  try {
    const key = `${choice.url}?v=${encodeURIComponent(choice.version)}`;
    if (customAudio?.key !== key) customAudio = { key, audio: new Audio(key) };
    const { audio } = customAudio;
    audio.currentTime = 0;
    audio.play().catch(() => playAlarmBeep());
  } catch {
    playAlarmBeep();
  }
}
