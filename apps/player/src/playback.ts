import {
  EMPTY_PLAY_STATE,
  type PlayState,
  type Resolution,
  resolveAt,
  type ScheduleInput,
  type ScheduleMessage,
} from "@marquee/schedule";
import type { Manifest } from "@marquee/terminal-protocol";
import { reasonOf } from "./commands/context";
import type { DeliveryInputs } from "./delivery";
import type { Held, PlayerParts } from "./parts";
import { messageKey, messagesOnScreen, nextCheckIn, type Showing, type StepReason, step } from "./playlist";
import { PLAY_NOW_PLAN, type PlayNow, playNowAt, playNowCandidate, playNowOf, samePlayNow } from "./playNow";

/** A boundary timer fires this much after the boundary, so the resolver sees the new side of it. */
const BOUNDARY_SLACK_MS = 5;

/** Same messages (by identity and content): the views keep their objects and the scroll goes on. */
function sameMessages(a: readonly ScheduleMessage[], b: readonly ScheduleMessage[]): boolean {
  return (
    a.length === b.length &&
    a.every((m, i) => {
      const o = b[i];
      return o !== undefined && messageKey(m) === messageKey(o) && JSON.stringify(m) === JSON.stringify(o);
    })
  );
}

/** What plays: the schedule resolved at every boundary, a play-now over it, the messages drawn on top. */
export class Playback {
  scheduleInput: ScheduleInput = { plans: [], messages: [], timezone: "UTC" };
  /** What the times and interval modes remember; kept across manifest refreshes. */
  private playState: PlayState = EMPTY_PLAY_STATE;
  private boundaryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Messages shown their count (messageKey). */
  readonly endedMessages = new Set<string>();
  /** Publications of the programs started since they entered the rotation. */
  private readonly startedPublications = new Set<number>();
  /** A play-now a command brought (playProgram, syncStart) until a newer manifest says. */
  playNowHeld: Held<PlayNow> | null = null;

  constructor(private readonly p: PlayerParts) {}

  /**
   * Resolves the schedule now and sets what is on screen (step()): at start,
   * when a program finished its pass, when the manifest changed, when a
   * message ended and at the resolution's next boundary (a timer).
   */
  schedule(reason: StepReason): void {
    const { store } = this.p;
    if (this.boundaryTimer) clearTimeout(this.boundaryTimer);
    this.boundaryTimer = null;
    const now = Date.now();
    let res: Resolution;
    let showing: Showing | null;
    let wakeAt: number | null = null;
    try {
      res = resolveAt(this.scheduleInput, now);
      const playNow = this.currentPlayNow();
      const at = playNow ? playNowAt(playNow, now, this.p.connection.clock?.offsetMs ?? 0) : null;
      const item = playNow && at?.active ? this.p.manifests.programs.get(playNow.programId) : undefined;
      wakeAt = at?.nextAt ?? null;
      const current = store.snap.showing;
      if (playNow && at && item) {
        // A play-now plays over the schedule (which stands still meanwhile), looping, from its first scene.
        showing =
          current?.playKey === at.key && current.item === item
            ? current
            : { item, candidate: playNowCandidate(playNow, at, now), playKey: at.key };
      } else {
        // After a play-now the schedule picks afresh rather than waiting for the end of its pass.
        const r = step(
          reason,
          current?.playKey ? null : current,
          res,
          this.p.manifests.programs,
          this.playState,
          now,
        );
        this.playState = r.state;
        showing = r.showing;
      }
    } catch (e) {
      // A schedule the resolver cannot read must not stop the screen: it shows "no content" and says why.
      store.update({ showing: null, messages: [], interrupt: null, lastError: `schedule: ${reasonOf(e)}` });
      this.boundaryTimer = setTimeout(() => this.schedule("tick"), 60_000);
      return;
    }
    // A publication counts as playing from its first pass until it leaves the rotation.
    const rotation = new Set(res.playing.map((c) => c.publicationId));
    for (const id of this.startedPublications) if (!rotation.has(id)) this.startedPublications.delete(id);
    const started = showing?.candidate.planId === PLAY_NOW_PLAN ? null : showing?.candidate.publicationId;
    if (started !== undefined && started !== null) this.startedPublications.add(started);
    if (!showing) this.startedPublications.clear();
    const { interrupt, overlays } = messagesOnScreen(res, this.endedMessages);
    store.update({
      showing,
      messages: sameMessages(store.snap.messages, overlays) ? store.snap.messages : overlays,
      interrupt:
        interrupt && store.snap.interrupt && sameMessages([interrupt], [store.snap.interrupt])
          ? store.snap.interrupt
          : interrupt,
    });
    this.p.delivery.report(this.deliveryInputs(store.snap.manifest, this.p.manifests.held));
    let wait = nextCheckIn(res, now);
    if (wakeAt !== null) wait = Math.min(wait, Math.max(0, wakeAt - now));
    this.boundaryTimer = setTimeout(() => this.schedule("tick"), wait + BOUNDARY_SLACK_MS);
  }

  /** The play-now in force: a command's until a newer manifest, else the manifest's. */
  currentPlayNow(): PlayNow | null {
    const held = this.playNowHeld;
    const { manifest } = this.p.store.snap;
    if (held && held.base === (manifest?.version ?? null)) return held.value;
    this.playNowHeld = null;
    return playNowOf(manifest);
  }

  /** Plays `p` now (a command's), unless the manifest already says so. */
  holdPlayNow(p: PlayNow): void {
    const { manifest } = this.p.store.snap;
    if (samePlayNow(playNowOf(manifest), p)) this.playNowHeld = null;
    else this.playNowHeld = { value: p, base: manifest?.version ?? null };
    this.schedule("tick");
  }

  /** A message has been shown its count: it leaves the screen (an interrupted program comes back). */
  messageEnded(message: ScheduleMessage): void {
    this.endedMessages.add(messageKey(message));
    this.schedule("tick");
  }

  /** Shows these messages again even if they had been shown their count. */
  revive(messages: readonly ScheduleMessage[]): void {
    for (const m of messages) this.endedMessages.delete(messageKey(m));
    this.schedule("tick");
  }

  /** Publications with something on screen: the interrupting message alone, else the program's and the messages'. */
  private playingPublications(): Set<number> {
    const ids = new Set<number>();
    const { interrupt, messages, showing, state } = this.p.store.snap;
    if (state !== "authorised") return ids;
    if (interrupt) {
      if (interrupt.publicationId !== null) ids.add(interrupt.publicationId);
      return ids;
    }
    // A play-now is no publication: the schedule's stand still under it.
    if (showing && !showing.playKey) for (const id of this.startedPublications) ids.add(id);
    for (const m of messages) if (m.publicationId !== null) ids.add(m.publicationId);
    return ids;
  }

  /** What the delivery reports are made of, for a manifest and the files held. */
  deliveryInputs(manifest: Manifest | null, held: ReadonlySet<string>): DeliveryInputs {
    const { manifests } = this.p;
    return {
      manifest,
      held,
      failed: manifests.failedFiles,
      problems: manifests.analyse(manifest).problems,
      playing: this.playingPublications(),
      waiting: manifests.waiting,
    };
  }
}
