import type { Role, Turn } from './read.js';

/**
 * Who interviews. A label that names the role decides (`Interviewer`, `Q`, `Moderator`, `I`;
 * `A`, `R`, `Participant`, `P3`); where no label does, the interviewer is found by behaviour:
 * the speaker whose turns are most often questions and shortest (an interviewer asks, then
 * listens). Everyone else participates.
 */
const INTERVIEWER =
  /^(interviewer(in)?|interviewer:in|intervieweu(r|se)|enquêt(eur|rice)|entrevistador(a)?|moderat(or|orin|eur|rice)|mod|facilitator|researcher|forscher(in)?|host|q|int|i|iv|f|fr|m)(\s*\d{1,2})?$/i;
const PARTICIPANT =
  /^(a|r|resp|respondent|interviewee|participant|p|b|befragte[rn]?|teilnehmer(in)?|tn|ip|répondant(e)?|participant(e)?|enquêté(e)?)(\s*\d{1,3})?$|^p\d{1,3}$/i;

/** Whether a label names a role (`Interviewer`, `Q`, `P3`, `Respondent`) rather than a person. */
export const namesRole = (label: string) => INTERVIEWER.test(label) || PARTICIPANT.test(label);

/**
 * A question: it ends with a question mark, or (in a transcript without punctuation) asks in its
 * first words ("and is it safe on the bike", "right and how do you find out").
 */
const ASKS =
  /\b(?:how|what|why|when|where|which|who|is it|is that|is there|are you|are they|do you|did you|does it|can you|could you|would you|have you|tell me|talk me|wie|was|warum|wann|wo|welche[rsn]?|können sie|kannst du|erzählen sie|erzähl|gibt es|comment|pourquoi|quand|qu'est-ce|est-ce que|pouvez-vous|vous pouvez)\b/i;

function isQuestion(text: string): boolean {
  const t = text.trim();
  if (t.endsWith('?')) return true;
  return !/[.!?]/.test(t) && ASKS.test(t.split(/\s+/).slice(0, 12).join(' '));
}

export function rolesOf(turns: Turn[], text: string): Map<string, Role> {
  const speakers = [...new Set(turns.map((t) => t.speaker!))];
  const roles = new Map<string, Role>();
  const named = speakers.filter((s) => INTERVIEWER.test(s));
  // "I" and "M" name roles only beside a partner: alone, they may be a participant's initial.
  if (named.length > 0 && named.length < speakers.length) {
    for (const s of speakers) roles.set(s, named.includes(s) ? 'interviewer' : 'participant');
    return roles;
  }
  const bodiesOf = new Map<string, string[]>();
  for (const t of turns) {
    const list = bodiesOf.get(t.speaker!) ?? [];
    list.push(t.body.map((b) => text.slice(b.start, b.end)).join(' '));
    bodiesOf.set(t.speaker!, list);
  }
  const stats = speakers.map((speaker) => {
    const bodies = bodiesOf.get(speaker)!;
    const words = bodies.reduce((s, b) => s + b.split(/\s+/).filter(Boolean).length, 0);
    return {
      speaker,
      turns: bodies.length,
      questions: bodies.filter(isQuestion).length / Math.max(1, bodies.length),
      meanWords: words / Math.max(1, bodies.length),
      named: PARTICIPANT.test(speaker),
    };
  });
  const longest = Math.max(1, ...stats.map((s) => s.meanWords));
  const scored = stats
    .filter((s) => s.turns >= 2 && !s.named && s.questions >= 0.3)
    .map((s) => ({ ...s, score: s.questions + 0.5 * (1 - s.meanWords / longest) }))
    .sort((a, b) => b.score - a.score);
  const asker = scored[0]?.speaker;
  for (const s of speakers) roles.set(s, s === asker ? 'interviewer' : 'participant');
  return roles;
}

/** How much a turn behaves as an interviewer's: +1 a question, -1 a long answer (twenty-five words or more), 0 otherwise. */
function asking(text: string): number {
  if (isQuestion(text)) return 1;
  return text.split(/\s+/).filter(Boolean).length >= 25 ? -1 : 0;
}

/**
 * Where a two-speaker transcript's labels swap roles, as diarisation does when it loses track of
 * who is who: the turn from which the speaker who asked starts answering and the other asks. Only
 * labels that name no role (`Speaker 1`, a name) can swap; a swap must explain the turns clearly
 * better than the labels do (by `margin` turns, and a quarter of the turns) and leave four turns
 * or more on each side. `before`: the labels' roles hold after the swap, and the turns before it
 * are the ones to turn round. Null where there is none.
 */
export function swappedAt(turns: Turn[], text: string, margin = 4): { at: number; before: boolean } | null {
  const speakers = [...new Set(turns.map((t) => t.speaker!))];
  if (speakers.length !== 2 || speakers.some(namesRole) || turns.length < 12) return null;
  const x = turns.map((t) => asking(t.body.map((b) => text.slice(b.start, b.end)).join(' ')));
  const sign = turns.map((t) => (t.role === 'interviewer' ? 1 : -1));
  // The score of the labels' roles up to turn k, kept, and swapped from k on.
  const total = x.reduce((s, v, i) => s + v * sign[i]!, 0);
  let prefix = 0;
  let best = { at: -1, score: total, before: false };
  for (let k = 0; k < turns.length; k++) {
    const after = prefix - (total - prefix);
    const before = total - 2 * prefix;
    if (k >= 4 && turns.length - k >= 4 && Math.max(after, before) > best.score) best = { at: k, score: Math.max(after, before), before: before > after };
    prefix += x[k]! * sign[k]!;
  }
  if (best.at < 0 || best.score - total < Math.max(margin, turns.length / 4)) return null;
  return { at: best.at, before: best.before };
}
