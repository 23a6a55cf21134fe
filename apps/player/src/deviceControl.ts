import type { DeviceSettings } from "@marquee/schedule";
import { type Position, whyText } from "@marquee/terminal-protocol";
import { parseVolume } from "./commands/args";
import { parseSettings, playVolume, ScreenClock } from "./device";
import type { Held, PlayerParts } from "./parts";
import { watchPosition } from "./position";
import { KEYS, readJson } from "./storage";

/**
 * The screen as its settings make it: timers (on/off, brightness, rotation),
 * volume, heartbeat, the download window and the watched position.
 */
export class DeviceControl {
  /** The settings obeyed now, a `settings` command's until a newer manifest carries them. */
  settings: DeviceSettings = {};
  private settingsHeld: Held<DeviceSettings> | null;
  readonly screenClock: ScreenClock;
  /** The screen's own volume (volume command, or the settings' volume when it changes). */
  baseVolume: number;
  /** Where the device is, as geolocation last told. */
  position: Position | null = null;
  private stopWatch: (() => void) | null = null;

  constructor(private readonly p: PlayerParts) {
    const { kv } = p.env;
    this.settingsHeld = readJson(kv, KEYS.settings, (v) => {
      const held = v as { value?: unknown; base?: unknown } | null;
      const value = parseSettings(held?.value);
      const base = held?.base;
      return value && (typeof base === "string" || base === null) ? { value, base } : null;
    });
    this.baseVolume = parseVolume(kv.get(KEYS.volume));
    this.screenClock = new ScreenClock(() => this.applyScreen());
  }

  /** Applies the settings in force: the newest manifest's, or a `settings` command's that came over it. */
  applySettings(): void {
    const manifest = this.p.manifests.newest();
    const version = manifest?.version ?? null;
    const held = this.settingsHeld;
    const { kv } = this.p.env;
    if (held && held.base !== version) {
      this.settingsHeld = null;
      kv.remove(KEYS.settings);
    }
    const settings = this.settingsHeld?.value ?? manifest?.settings ?? {};
    this.settings = settings;
    // The settings' volume becomes the screen's own when it changes (a volume command may set it meanwhile).
    if (settings.volume !== undefined && String(settings.volume) !== kv.get(KEYS.settingsVolume)) {
      kv.set(KEYS.settingsVolume, String(settings.volume));
      kv.set(KEYS.volume, String(settings.volume));
      this.baseVolume = settings.volume;
    }
    this.p.connection.client?.setHeartbeatSec(settings.heartbeatSec ?? null);
    this.watchPosition(settings.autoPosition === true);
    this.screenClock.set(settings, manifest?.timezone ?? "UTC");
    this.applyScreen();
  }

  /** Keeps settings (across reloads) until a manifest newer than `base` carries them. */
  holdSettings(settings: DeviceSettings, base: string | null): void {
    this.settingsHeld = { value: settings, base };
    this.p.env.kv.set(KEYS.settings, JSON.stringify(this.settingsHeld));
  }

  /** Sets the screen's own volume (kept across reloads). */
  setVolume(volume: number): void {
    this.p.env.kv.set(KEYS.volume, String(volume));
    this.baseVolume = volume;
    this.applyScreen();
  }

  /** Puts what the settings make of this instant on the screen: on/off, brightness, rotation, volume, downloads. */
  private applyScreen(): void {
    const { store, connection, manifests } = this.p;
    const st = this.screenClock.state;
    const was = store.snap.screen;
    this.p.env.applyVolume(playVolume(this.baseVolume, st));
    const screen =
      was.screenOn === st.screenOn && was.brightness === st.brightness && was.rotation === st.rotation
        ? was
        : { screenOn: st.screenOn, brightness: st.brightness, rotation: st.rotation };
    const volume = st.ruleVolume ?? this.baseVolume;
    if (screen !== was || volume !== store.snap.volume) store.update({ screen, volume });
    if (screen.screenOn !== was.screenOn) {
      this.p.log.add("info", `screen ${screen.screenOn ? "on" : "off"} (timers)`);
      // The console sees the screen go dark (or light) without waiting for the next beat.
      if (connection.welcomed) connection.client?.beat();
    }
    // The download window opened: what waits for it is fetched now.
    if (manifests.waiting && st.downloadAllowed) {
      manifests.waiting = null;
      void manifests.sync();
    }
  }

  /** Watches the device's position while settings.autoPosition is on. */
  private watchPosition(on: boolean): void {
    const { connection } = this.p;
    if (on && !this.stopWatch) {
      let first = true;
      this.stopWatch = watchPosition(
        this.p.env.geolocation,
        (p) => {
          this.position = p;
          // The first fix goes at once; later ones ride the heartbeats.
          if (first && connection.welcomed) connection.client?.beat();
          first = false;
        },
        (reason) => this.p.log.add("warn", `position: ${whyText(reason)}`),
      );
    } else if (!on && this.stopWatch) {
      this.stopWatch();
      this.stopWatch = null;
    }
  }
}
