import { type Manifest, playerReason, type Why, whyOf, whyText } from "@marquee/terminal-protocol";
import { type Fetched, reasonOf, type Unready } from "./commands/context";
import { downloadWindowReason } from "./device";
import { programReadiness } from "./library";
import { diffMedia, fetchManifest, filesOf, type ManifestFetch, mediaLookup } from "./manifest";
import { fileFailure, NO_CACHE_REASON, StorageFull } from "./mediaStore";
import type { PlayerParts } from "./parts";
import { type PlayItem, programProblems, programsOf, type Skipped, scheduleInputOf } from "./playlist";
import { KEYS } from "./storage";

const RETRY_DOWNLOADS_MS = 60_000;
/** Download progress reaches the views at most this often. */
const PROGRESS_MS = 500;

/** A manifest's programs as parsed once. */
interface Analysis {
  manifest: Manifest | null;
  programs: Map<number, PlayItem>;
  skipped: Skipped[];
  problems: Map<number, Why>;
}

/**
 * The manifest and its media: fetching it, downloading its files (one job at
 * a time), putting it on screen once its files are here, and what the screen
 * holds and lacks.
 */
export class ManifestSync {
  private work: Promise<void> = Promise.resolve();
  private queuedSync: Promise<void> | null = null;
  private readonly fetchWaiters: Array<(r: Fetched) => void> = [];
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** The manifest's playable programs, by id. */
  programs = new Map<number, PlayItem>();
  /** Why programs the manifest names cannot play, by id (for delivery reports). */
  private problems = new Map<number, Why>();
  /** Files held on the screen, and those that failed to download with the reason. */
  held = new Set<string>();
  readonly failedFiles = new Map<string, Why>();
  private analysed: Analysis | null = null;
  /** A fetched manifest not on screen yet (its files are downloading, or wait for the download window). */
  pending: Manifest | null = null;
  /** Why downloads wait (the download window), or null. */
  waiting: Why | null = null;
  /** The manifest the last sync carried (see sync), taken by the next syncOnce instead of a fetch. */
  private carried: Manifest | null = null;

  constructor(private readonly p: PlayerParts) {}

  /** Runs manifest and media work one job at a time. */
  serial(job: () => Promise<void>): Promise<void> {
    this.work = this.work.then(job).catch((e) => {
      this.p.log.add("error", e);
      this.p.store.update({ lastError: reasonOf(e) });
    });
    return this.work;
  }

  /**
   * Fetches the manifest and brings the media up to date (a sync asked while one waits joins it). With
   * `carried`, the manifest the server sent along with its sync or welcome, nothing is fetched: it is
   * taken as a fetch would have answered it. The latest word wins: a later sync that carries none
   * fetches, so an older carried manifest is never applied after a newer version was announced.
   */
  sync(carried?: Manifest): Promise<void> {
    this.carried = carried ?? null;
    if (!this.queuedSync)
      this.queuedSync = this.serial(async () => {
        this.queuedSync = null;
        await this.syncOnce();
      });
    return this.queuedSync;
  }

  /** Tells those waiting for the next manifest fetch (the refresh command) how it went. */
  private fetched(result: Fetched): void {
    for (const w of this.fetchWaiters.splice(0)) w(result);
  }

  /** Fetches the manifest; resolves once it is fetched (its media download on afterwards). */
  refetch(): Promise<Fetched> {
    return new Promise((resolve) => {
      this.fetchWaiters.push(resolve);
      void this.sync();
    });
  }

  /** Downloads what the manifest on screen still lacks (after a failure, or a cache the browser cleared). */
  completeMedia(): Promise<void> {
    return this.serial(async () => {
      const { manifest } = this.p.store.snap;
      if (((await this.download(manifest)) ?? 0) > 0) await this.applyManifest(this.p.store.snap.manifest);
    });
  }

  /** Forgets the manifest held (another terminal's): the screen shows nothing until its own arrives. */
  forgetManifest(): void {
    this.p.env.kv.remove(KEYS.manifest);
    this.p.env.kv.remove(KEYS.manifestEtag);
    void this.serial(() => this.applyManifest(null));
  }

  private async syncOnce(): Promise<void> {
    const { env, store, connection } = this.p;
    const token = connection.token;
    if (!token) {
      this.fetched({ ok: false, reason: playerReason("notRegistered") });
      return;
    }
    const carried = this.carried;
    this.carried = null;
    let fetched: ManifestFetch;
    try {
      fetched = carried
        ? { kind: "new", manifest: carried, etag: `"${carried.version}"` }
        : await fetchManifest(this.p.fetchFn, env.origin, token, env.kv.get(KEYS.manifestEtag));
    } catch (e) {
      store.update({ lastError: reasonOf(e) });
      this.fetched({ ok: false, reason: whyOf(e) });
      return;
    }
    this.fetched(
      fetched.kind === "refused" ? { ok: false, reason: playerReason("manifestRefused") } : { ok: true },
    );
    if (fetched.kind === "refused") {
      connection.client?.stop();
      connection.refused();
      return;
    }
    if (fetched.kind === "same") {
      if (((await this.download(store.snap.manifest)) ?? 0) > 0)
        await this.applyManifest(store.snap.manifest);
      return;
    }
    const { manifest } = fetched;
    // Failures of the previous manifest's files are tried afresh.
    this.failedFiles.clear();
    // Its settings hold at once (they need no file)…
    this.pending = manifest;
    this.p.device.applySettings();
    // …its programs go on screen once their files are here (or failed): no half-loaded programs. While
    // the download window is closed the screen plays on what it holds; the window's opening syncs again.
    if ((await this.download(manifest)) === null) return;
    env.kv.set(KEYS.manifest, JSON.stringify(manifest));
    if (fetched.etag) env.kv.set(KEYS.manifestEtag, fetched.etag);
    else env.kv.remove(KEYS.manifestEtag);
    await this.applyManifest(manifest);
    connection.client?.beat();
  }

  /**
   * Downloads the files a manifest needs that the screen lacks, one at a
   * time (a screen on a thin line does not choke), with progress and the
   * last failure; failed files are tried again a minute later. Answers how
   * many files arrived, or null when files are missing and the download
   * window is closed (they wait for it).
   */
  private async download(manifest: Manifest | null): Promise<number | null> {
    const token = this.p.connection.token;
    if (!manifest || !token) return 0;
    const { env, store: views, delivery, device, playback } = this.p;
    const { store } = env;
    const held = new Set(await store.hashes());
    const { download } = diffMedia(filesOf(manifest), held);
    // The publications of this manifest: downloading (or downloaded at once when nothing is missing).
    const report = (throttle: boolean) =>
      delivery.report(playback.deliveryInputs(manifest, held), { throttle });
    this.waiting =
      download.length > 0 && !device.screenClock.state.downloadAllowed
        ? downloadWindowReason(device.settings)
        : null;
    report(false);
    if (this.waiting) {
      views.update({ downloads: null, lastDownloadError: whyText(this.waiting) });
      return null;
    }
    let failed: Why | null = null;
    let arrived = 0;
    if (download.length > 0) {
      const progress = { done: 0, total: download.length, bytes: 0, totalBytes: 0 };
      progress.totalBytes = download.reduce((n, m) => n + m.size, 0);
      views.update({ downloads: { ...progress } });
      let shownAt = Date.now();
      for (const m of download) {
        try {
          await store.download(m, { origin: env.origin, token }, (n) => {
            progress.bytes += n;
            if (Date.now() - shownAt < PROGRESS_MS) return;
            shownAt = Date.now();
            views.update({ downloads: { ...progress } });
          });
          arrived++;
          held.add(m.hash);
          this.failedFiles.delete(m.hash);
        } catch (e) {
          failed = whyOf(e);
          this.failedFiles.set(m.hash, failed);
          this.p.report(
            e instanceof StorageFull ? "storageLow" : "downloadFailed",
            fileFailure(m.name, failed),
          );
          // A failure goes at once: the operator sees it without waiting for the rest.
          report(false);
        }
        progress.done++;
        views.update({ downloads: { ...progress } });
        report(true);
      }
      void this.p.estimate();
      report(false);
    }
    views.update({
      downloads: null,
      lastDownloadError: failed !== null ? whyText(failed) : store.persistent ? null : NO_CACHE_REASON,
    });
    if (failed) this.retryDownloads();
    return arrived;
  }

  private retryDownloads(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.completeMedia();
    }, RETRY_DOWNLOADS_MS);
  }

  /** Puts a manifest on screen: its playlist and its media, then forgets files nothing wants. */
  async applyManifest(manifest: Manifest | null): Promise<void> {
    const { env, log, playback } = this.p;
    const { store } = env;
    const files = filesOf(manifest);
    const held = new Set(await store.hashes());
    await store.prepare(files.filter((f) => held.has(f.hash)).map((f) => f.hash));
    const { programs, skipped, problems } = this.analyse(manifest);
    for (const s of skipped)
      this.p.report(
        "playbackError",
        playerReason("programSkipped", { name: s.name, id: s.id, error: s.reason }),
      );
    // The other problems are programs the schedule names that the manifest does not carry.
    for (const id of problems.keys())
      if (!skipped.some((s) => s.id === id))
        this.p.report("playbackError", playerReason("programMissingSkipped", { id }));
    this.programs = programs;
    this.problems = problems;
    playback.scheduleInput = scheduleInputOf(manifest, programs);
    this.held = held;
    // The pending manifest is on screen from here (not before: commands ask the newest of the two).
    if (manifest === null || manifest === this.pending) this.pending = null;
    this.p.store.update({
      manifest,
      media: mediaLookup(manifest, (hash) => (held.has(hash) ? store.url(hash) : null)),
      cacheBytes: files.filter((f) => held.has(f.hash)).reduce((n, f) => n + f.size, 0),
    });
    if (manifest) log.add("info", `manifest ${manifest.version} on screen`);
    this.p.device.applySettings();
    playback.schedule("manifest");
    const { remove } = diffMedia(files, held);
    for (const hash of remove) await store.remove(hash).catch(() => undefined);
  }

  /** A manifest's programs, parsed once (downloads report on it before it goes on screen). */
  analyse(manifest: Manifest | null): Analysis {
    if (this.analysed?.manifest === manifest) return this.analysed;
    const { programs, skipped } = programsOf(manifest, this.programs);
    this.analysed = { manifest, programs, skipped, problems: programProblems(manifest, programs, skipped) };
    return this.analysed;
  }

  /** The newest manifest the screen has: one fetched and waiting for its files, else the one on screen. */
  newest(): Manifest | null {
    return this.pending ?? this.p.store.snap.manifest;
  }

  /**
   * Whether a program can play now, by the manifest on screen: null when it
   * can, else why (final: waiting will not help).
   */
  readiness(programId: number): Unready | null {
    const pending = this.pending;
    if (pending) {
      // A manifest on its way: only what it says (not there, invalid, a file failed) is final.
      const a = this.analyse(pending);
      const r = programReadiness(pending, a.programs, a.problems, this.held, this.failedFiles, programId);
      if (!r.ready && r.final) return r;
      return {
        final: false,
        reason: this.waiting ?? playerReason("manifestDownloading", { version: pending.version }),
      };
    }
    const r = programReadiness(
      this.p.store.snap.manifest,
      this.programs,
      this.problems,
      this.held,
      this.failedFiles,
      programId,
    );
    if (r.ready) return null;
    return { final: r.final, reason: this.waiting && !r.final ? this.waiting : r.reason };
  }
}
