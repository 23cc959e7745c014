import { chordVoicing, composePhrase, playDrumBar, playPhrase } from '../composition.mjs';
import { songPlan } from '../song-context.mjs';
import {
  piano,
  pad,
  pluckedString,
  synthBass,
  synthLead,
  mallet,
} from '../melodic-instruments.mjs';

const PROGRESSIONS = {
  major: [
    [0, 4, 5, 3],
    [5, 3, 0, 4],
    [0, 5, 3, 4],
    [3, 4, 2, 5],
  ],
  minor: [
    [0, 5, 2, 6],
    [5, 6, 0, 0],
  ],
};

const GROOVES = {
  intro: { hat: 'x.x.x.x.x.x.x.x.', kick: 'X.......X.......' },
  a: { kick: 'X.....x.X.......', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
  b: { kick: 'X.....x.X.x.....', snare: '....X.......X..o', hat: 'xoxoxoxoxoxoxoxo' },
  break: { kick: 'X...............', hat: 'x...x...x...x...' },
  ending: { kick: 'X...............', crash: 'X...............' },
};

export const pop = {
  kit: 'acoustic',
  mix: {
    drums: { level: -15, reverb: 0.12 },
    bass: { level: -18 },
    chords: { level: -20, reverb: 0.3 },
    pad: { level: -26, reverb: 0.5 },
    lead: { level: -18, reverb: 0.3, delay: 0.25 },
  },

  plan(random, variant) {
    const scale = variant === 3 ? 'minor' : 'major';
    return songPlan(random, { bpm: random.int(98, 122), scale, progressions: PROGRESSIONS });
  },

  arrange(context, { random, variant, kit }) {
    const chordAt = context.phraseChords();
    const cells = [
      ['eighths', 3],
      ['quarter', 2],
      ['dotted', 1.5],
      ['offbeat', 1],
      ['half', 1],
      ['syncopated', 1.5],
      ['rest', 0.6],
    ];
    const verse = composePhrase(random.fork('verse'), { chordAt, low: 0, high: 8, cells });
    const chorus = composePhrase(random.fork('chorus'), { chordAt, low: 2, high: 10, cells });
    const leadVoice = variant % 2 === 0 ? synthLead : mallet;
    const leadTone =
      variant % 2 === 0 ? { cutoff: 2600, pulseWidth: 0.3 } : { overtone: 4, decay: 3 };
    const usePluck = variant % 2 === 1;

    for (let bar = 0; bar < context.totalBars; bar += 1) {
      const { role, barInPhrase, phraseStart } = context.section(bar);
      const groove = GROOVES[role];
      playDrumBar(context, bar, groove, kit, { pans: { hat: 0.3 } });
      if (role === 'b' && barInPhrase === 0)
        context.hit('drums', kit.crash, { bar, velocity: 0.6, pan: -0.3 });

      const voicing = chordVoicing(context, bar, 0, 3, 64);
      if (role === 'ending') {
        voicing.forEach((midi) =>
          context.note('chords', piano, { bar, beats: 4, midi, velocity: 0.7 }),
        );
        context.note('bass', synthBass, {
          bar,
          beats: 2,
          midi: context.midi(context.chordRootAt(bar), -1),
        });
        continue;
      }
      if (usePluck) {
        const pattern = [0, 1, 2, 1, 2, 1, 0, 1];
        pattern.forEach((voice, step) =>
          context.note('chords', pluckedString, {
            bar,
            beat: step * 0.5,
            beats: 0.5,
            midi: voicing[voice] + (step === 4 ? 12 : 0),
            velocity: step % 2 === 0 ? 0.85 : 0.65,
            pan: -0.25,
            tone: { brightness: 0.7 },
          }),
        );
      } else {
        for (const [beat, beats] of [
          [0, 1.5],
          [1.5, 1],
          [2.5, 1.5],
        ]) {
          voicing.forEach((midi) =>
            context.note('chords', piano, {
              bar,
              beat,
              beats,
              midi,
              velocity: beat === 0 ? 0.75 : 0.55,
              pan: -0.15,
            }),
          );
        }
      }

      if (role !== 'intro' || bar >= context.form.introBars - 2) {
        const root = context.midi(context.chordRootAt(bar), -1);
        for (const [beat, beats, octave] of [
          [0, 1, 0],
          [1.5, 0.5, 0],
          [2, 1, 0],
          [3, 0.5, 12],
          [3.5, 0.5, 0],
        ]) {
          context.note('bass', synthBass, {
            bar,
            beat,
            beats,
            midi: root + octave,
            tone: { cutoff: 700 },
          });
        }
      }

      if (role === 'b' || role === 'break') {
        chordVoicing(context, bar, 0, 3, 57).forEach((midi) =>
          context.note('pad', pad, { bar, beats: 4, midi, velocity: 0.6, tone: { cutoff: 1800 } }),
        );
      }
      if (barInPhrase === 0 && role !== 'intro') {
        const phrase = role === 'a' ? verse : chorus;
        playPhrase(context, phrase, phraseStart, {
          bus: 'lead',
          instrument: leadVoice,
          octave: 1,
          velocity: 0.8,
          pan: 0.1,
          tone: leadTone,
        });
      }
    }
  },
};
