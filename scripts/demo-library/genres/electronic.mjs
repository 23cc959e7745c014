import { chordVoicing, composePhrase, playDrumBar, playPhrase } from '../composition.mjs';
import { songPlan } from '../song-context.mjs';
import { pad, pluckedString, supersawStab, synthBass, synthLead } from '../melodic-instruments.mjs';

const PROGRESSIONS = {
  minor: [
    [0, 5, 2, 6],
    [0, 6, 5, 6],
    [5, 6, 0, 0],
    [0, 3, 5, 4],
  ],
  dorian: [[0, 3, 6, 3]],
};

const GROOVES = {
  intro: { kick: 'X...X...X...X...', hat: '..x...x...x...x.' },
  a: { kick: 'X...X...X...X...', clap: '....X.......X...', hat: '..x...x...x...x.' },
  b: {
    kick: 'X...X...X...X...',
    clap: '....X.......X...',
    hat: 'xoxoxoxoxoxoxoxo',
    openHat: '..x...x...x...x.',
  },
  break: { hat: '..x...x...x...x.' },
  ending: { kick: 'X...............', crash: 'X...............' },
};

export const electronic = {
  kit: 'electronic',
  mix: {
    drums: { level: -14, reverb: 0.08 },
    bass: { level: -18, sidechain: 0.7 },
    pad: { level: -22, reverb: 0.4, sidechain: 0.75 },
    arp: { level: -21, reverb: 0.2, delay: 0.35, sidechain: 0.4 },
    lead: { level: -18, reverb: 0.3, delay: 0.3, sidechain: 0.3 },
  },

  plan(random, variant) {
    const scale = variant === 3 ? 'dorian' : 'minor';
    return songPlan(random, { bpm: random.int(118, 128), scale, progressions: PROGRESSIONS });
  },

  arrange(context, { random, variant, kit }) {
    const chordAt = context.phraseChords();
    const cells = [
      ['eighths', 2],
      ['dotted', 1.5],
      ['offbeat', 1.5],
      ['quarter', 1],
      ['syncopated', 1.5],
      ['half', 0.7],
    ];
    const hook = composePhrase(random.fork('hook'), { chordAt, low: 0, high: 9, cells });
    const rollingBass = variant % 2 === 1;
    const stabs = variant >= 2;
    const arpOrder = random.pick([
      [0, 1, 2, 3, 4, 3, 2, 1],
      [0, 2, 1, 3, 2, 4, 3, 1],
      [0, 1, 2, 4, 0, 1, 2, 3],
    ]);

    for (let bar = 0; bar < context.totalBars; bar += 1) {
      const { role, barInPhrase, phraseStart } = context.section(bar);
      playDrumBar(context, bar, GROOVES[role], kit, { pans: { hat: 0.25, openHat: -0.25 } });
      if (role === 'b' && barInPhrase === 0)
        context.hit('drums', kit.crash, { bar, velocity: 0.6 });
      const voicing = chordVoicing(context, bar, 0, 3, 60);
      const root = context.midi(context.chordRootAt(bar), -1);
      if (role === 'ending') {
        voicing.forEach((midi) => context.note('pad', pad, { bar, beats: 3, midi, velocity: 0.7 }));
        continue;
      }

      voicing.forEach((midi) =>
        context.note('pad', pad, {
          bar,
          beats: 4,
          midi,
          velocity: 0.7,
          tone: { cutoff: role === 'intro' ? 700 : 1800, attack: 0.3 },
        }),
      );
      if (stabs && (role === 'b' || role === 'a')) {
        for (const beat of [0, 0.75, 1.5, 2.5, 3.25]) {
          voicing.forEach((midi) =>
            context.note('arp', supersawStab, {
              bar,
              beat,
              beats: 0.3,
              midi: midi + 12,
              velocity: 0.6,
            }),
          );
        }
      } else if (role !== 'intro') {
        const ladder = [...voicing, voicing[0] + 12, voicing[1] + 12];
        for (let step = 0; step < 16; step += 1) {
          context.note('arp', pluckedString, {
            bar,
            beat: step * 0.25,
            beats: 0.25,
            midi: ladder[arpOrder[step % arpOrder.length]] + 12,
            velocity: step % 4 === 0 ? 0.85 : 0.6,
            pan: step % 2 === 0 ? -0.35 : 0.35,
            tone: { brightness: 0.9, sustain: 0.99 },
          });
        }
      }
      if (role !== 'intro' && role !== 'break') {
        const steps = rollingBass
          ? [0.25, 0.5, 0.75, 1.25, 1.5, 1.75, 2.25, 2.5, 2.75, 3.25, 3.5, 3.75]
          : [0.5, 1.5, 2.5, 3.5];
        for (const beat of steps) {
          context.note('bass', synthBass, {
            bar,
            beat,
            beats: rollingBass ? 0.22 : 0.45,
            midi: root,
            velocity: 0.9,
            tone: { cutoff: rollingBass ? 1400 : 1000, resonance: 3 },
          });
        }
      }
      if (barInPhrase === 0 && role === 'b') {
        playPhrase(context, hook, phraseStart, {
          bus: 'lead',
          instrument: synthLead,
          octave: 1,
          velocity: 0.8,
          tone: { cutoff: 4200, pulseWidth: 0.5 },
        });
      }
    }
  },
};
