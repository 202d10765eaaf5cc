// One challenge on the fake Lichess: its ChallengeJson, its life (created, then accepted, declined
// with a reason, or canceled) and the handle a test holds to follow it.
import type { components } from '@lichess-org/types';
import { challengeUserJson, declineReasonOf, perfIcon, perfName, speedOf, variantJson } from './json.ts';
import type {
  CastlingNotation,
  ChallengeHandle,
  ChallengeStatus,
  ChallengeTimeControl,
  Color,
  DeclineReasonKey,
  FakeUser,
  GameHandle,
  OpponentSpec,
  Speed,
  VariantKey,
} from './types.ts';

type S = components['schemas'];

export interface ChallengeInit {
  id: string;
  challenger: FakeUser;
  destUser: FakeUser;
  variant: VariantKey;
  timeControl: ChallengeTimeControl;
  rated: boolean;
  color: Color | 'random';
  /** the challenger's colour once resolved */
  finalColor: Color;
  fen: string | undefined;
  rematchOf: string | undefined;
  opponent: OpponentSpec;
  compatBot: boolean | undefined;
  speed: Speed | undefined;
  castling: CastlingNotation | undefined;
  baseUrl: string;
}

export class FakeChallenge implements ChallengeHandle {
  readonly id: string;
  readonly challenger: FakeUser;
  readonly destUser: FakeUser;
  readonly speed: Speed;
  statusName: ChallengeStatus = 'created';
  declineReason: string | undefined;
  declineReasonKey: DeclineReasonKey | undefined;
  private declineText: string | undefined;
  game: GameHandle | undefined;
  private readonly listeners: Array<(status: ChallengeStatus) => void> = [];

  constructor(
    readonly init: ChallengeInit,
    /** withdraw it (set by the server: emits challengeCanceled) */
    private readonly onCancel: (challenge: FakeChallenge) => void,
  ) {
    this.id = init.id;
    this.challenger = init.challenger;
    this.destUser = init.destUser;
    const tc = init.timeControl;
    this.speed = init.speed ?? (typeof tc === 'object' && 'limit' in tc ? speedOf(tc.limit, tc.increment) : 'correspondence');
  }

  get status(): ChallengeStatus {
    return this.statusName;
  }

  /** Whether a BOT may play it (lila: no ultraBullet). */
  get compatBot(): boolean {
    return this.init.compatBot ?? this.speed !== 'ultraBullet';
  }

  cancel(): void {
    if (this.statusName !== 'created') return;
    this.settle('canceled');
    this.onCancel(this);
  }

  settled(timeoutMs = 10_000): Promise<ChallengeStatus> {
    if (this.statusName !== 'created') return Promise.resolve(this.statusName);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`challenge ${this.id} still pending after ${timeoutMs} ms`)), timeoutMs);
      this.listeners.push((status) => {
        clearTimeout(timer);
        resolve(status);
      });
    });
  }

  /** Record a decline as lila maps it; returns the emitted key and text. */
  decline(sent: string | null | undefined): void {
    const { key, text } = declineReasonOf(sent);
    this.declineReason = sent ?? undefined;
    this.declineReasonKey = key;
    this.declineText = text;
    this.settle('declined');
  }

  settle(status: ChallengeStatus): void {
    this.statusName = status;
    for (const listener of this.listeners.splice(0)) listener(status);
  }

  json(direction?: 'in' | 'out'): S['ChallengeJson'] {
    const tc = this.init.timeControl;
    const timeControl: S['TimeControl'] =
      tc === 'unlimited'
        ? { type: 'unlimited' }
        : 'daysPerTurn' in tc
          ? { type: 'correspondence', daysPerTurn: tc.daysPerTurn }
          : { type: 'clock', limit: tc.limit, increment: tc.increment, show: `${showMinutes(tc.limit)}+${tc.increment}` };
    const json: S['ChallengeJson'] = {
      id: this.id,
      url: `${this.init.baseUrl}/${this.id}`,
      status: this.statusName,
      challenger: challengeUserJson(this.challenger),
      destUser: challengeUserJson(this.destUser),
      variant: variantJson(this.init.variant),
      rated: this.init.rated,
      speed: this.speed,
      timeControl,
      color: this.init.color,
      finalColor: this.init.finalColor,
      perf: { icon: perfIcon(this.init.variant, this.speed), name: perfName(this.init.variant, this.speed) },
    };
    if (direction) json.direction = direction;
    if (this.init.fen) json.initialFen = this.init.fen;
    if (this.init.rematchOf) json.rematchOf = this.init.rematchOf;
    return json;
  }

  declinedJson(): S['ChallengeDeclinedJson'] {
    return { ...this.json(), declineReason: this.declineText ?? '', declineReasonKey: this.declineReasonKey ?? 'generic' };
  }
}

/** lila shows ¼, ½, ¾ for short limits and whole minutes otherwise. */
function showMinutes(limitSeconds: number): string {
  const fractions: Record<number, string> = { 15: '¼', 30: '½', 45: '¾', 90: '1.5' };
  return fractions[limitSeconds] ?? String(limitSeconds / 60);
}
