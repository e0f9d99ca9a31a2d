// The game setup controls: preset, number of players, any other rule key (named and
// explained by rule-texts.js), and for each player a person or the engine with its
// limit (time, depth or nodes per move), strength and skill, or the engine's greedy or random
// player, every control with a visible label. It produces `setrules` words
// (protocol-spec/rules.md) and seat settings.
import { element } from './dom.js';
import { seatsOfPlayers } from './rules.js';
import { SEAT_STYLES, glyphElement } from './seat-style.js';
import { ruleText } from './rule-texts.js';
import { STRENGTHS, validSeatSettings } from './saved-game.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const DEFAULT_ENGINE = { limit: 'movetime', value: 1000, skill: 20, style: 'search', clock: '', strength: 'full' };
// Suggested time controls (seconds: base+increment), as ccmatch's tc.
const CLOCK_CHOICES = ['60+1', '180+2', '300+3', '600+5', '900+10'];
// The engine's limit per move (protocol-spec/protocol.md, "go"), as a person reads it.
const LIMIT_TEXTS = { movetime: 'time per move', depth: 'depth per move', nodes: 'nodes per move', infinite: 'until Move now' };
const LIMIT_UNITS = { movetime: 'ms', depth: 'plies', nodes: 'nodes' };

function labelled(text, control) {
  const label = element('label', {}, `${text} `);
  label.appendChild(control);
  return label;
}

// texts: what each value shows (by default the value itself).
function select(id, values, selected, texts = {}) {
  const control = element('select', { id });
  for (const value of values) {
    const option = element('option', { value }, texts[value] ?? value);
    if (value === selected) option.selected = true;
    control.appendChild(option);
  }
  return control;
}

// A small swatch with the seat's colour and glyph, as on the board.
export function seatSwatch(seat) {
  const swatch = document.createElementNS(SVG_NS, 'svg');
  swatch.setAttribute('viewBox', '-10 -10 20 20');
  swatch.setAttribute('class', `swatch seat-${seat}`);
  swatch.setAttribute('aria-label', `seat ${seat}: ${SEAT_STYLES[seat].label}`);
  const disc = document.createElementNS(SVG_NS, 'circle');
  disc.setAttribute('r', '9');
  disc.setAttribute('fill', SEAT_STYLES[seat].colour);
  disc.setAttribute('class', 'piece-body');
  swatch.appendChild(disc);
  swatch.appendChild(glyphElement(SEAT_STYLES[seat].glyph, 4.5));
  return swatch;
}

function range(min, max) {
  return Array.from({ length: Number(max) - Number(min) + 1 }, (_, i) => String(Number(min) + i));
}

export class SetupForm {
  // Nothing chosen here touches the game in play: rules, players and each player's
  // settings all wait for New game (a person sets up the next game while this one runs).
  constructor(container) {
    this.presetControl = select('preset', ['standard'], 'standard');
    this.playersControl = select('players', ['1', '2', '3', '4', '5', '6'], '2');
    this.ruleControls = new Map();
    this.rulesBox = element('div', { class: 'rule-keys' });
    const details = element('details', { id: 'more-rules' });
    details.appendChild(element('summary', {}, 'More rules'));
    details.appendChild(this.rulesBox);
    this.seatsBox = element('div', { id: 'seats' });
    const clockChoices = element('datalist', { id: 'clock-choices' });
    for (const choice of CLOCK_CHOICES) clockChoices.appendChild(element('option', { value: choice }));
    // Rules and players chosen here take effect with New game; until then the board
    // shows the game in play, and this note says so (the two would otherwise read as a
    // mismatch).
    this.pendingNote = element('p', { id: 'setup-pending', role: 'status' },
      'Not started yet: these settings apply when you press New game; until then the board and its players are the game in play.');
    this.pendingNote.hidden = true;
    container.append(labelled('Preset', this.presetControl), labelled('Players', this.playersControl), details, this.seatsBox,
      clockChoices, this.pendingNote);
    this.settings = [{ kind: 'person', ...DEFAULT_ENGINE }, { kind: 'engine', ...DEFAULT_ENGINE }];
    this.playersSeats = [[1], [4]];
    // As setrules does (protocol-spec/rules.md §2.1): a preset sets every key but the
    // seating, which goes back to the default as it does for a new number of players.
    this.presetControl.addEventListener('change', () => {
      this.resetRuleControls([...this.ruleControls.keys()]);
      this.showSeats(this.defaultSeats(Number(this.playersControl.value)));
      this.markPending();
    });
    this.playersControl.addEventListener('change', () => {
      this.resetRuleControls(['armies', 'first']);
      this.showSeats(this.defaultSeats(Number(this.playersControl.value)));
      this.markPending();
    });
    this.showSeats(this.playersSeats);
  }

  // The rule keys the engine announced in `cci` (rules.js, ruleSpecsOf): `preset` and
  // `players` get the controls at the top, every other key one in "More rules", a
  // drop-down for a combo, a number box for a spin, a text box for a string.
  setRuleSpecs(specs) {
    this.ruleControls.clear();
    this.rulesBox.replaceChildren();
    for (const spec of specs) {
      if (spec.key === 'preset' || spec.key === 'players') {
        const control = spec.key === 'preset' ? this.presetControl : this.playersControl;
        const values = spec.type === 'combo' ? spec.vars : range(spec.min, spec.max);
        const chosen = control.value;
        control.replaceChildren(...values.map((value) => element('option', { value }, value)));
        control.value = values.includes(chosen) ? chosen : spec.default;
        continue;
      }
      let control;
      if (spec.type === 'combo') control = select(`rule-${spec.key}`, ['', ...spec.vars], '', { '': 'preset\'s value' });
      else control = element('input', { id: `rule-${spec.key}`, type: spec.type === 'spin' ? 'number' : 'text', placeholder: 'preset\'s value' });
      if (spec.type === 'spin') {
        control.min = spec.min;
        control.max = spec.max;
      }
      control.addEventListener('change', () => this.markPending());
      const { label: text, meaning } = ruleText(spec.key);
      const label = element('label', { class: 'rule-key', 'data-key': spec.key });
      const meaningId = `meaning-${spec.key}`;
      label.append(element('span', { class: 'rule-label' }, text), control);
      if (meaning) {
        label.appendChild(element('small', { class: 'rule-meaning', id: meaningId }, meaning));
        control.setAttribute('aria-describedby', meaningId);
      }
      label.title = `${spec.key}${spec.type === 'spin' ? `: ${spec.min} to ${spec.max}` : ''}`;
      this.ruleControls.set(spec.key, control);
      this.rulesBox.appendChild(label);
    }
  }

  // Back to "the preset's value" (an empty choice: the word is not sent).
  resetRuleControls(keys) {
    for (const key of keys) {
      const control = this.ruleControls.get(key);
      if (control) control.value = '';
    }
  }

  markPending() {
    this.pendingNote.hidden = false;
  }

  // Default seating of protocol-spec/rules.md §4 Seating and turns, only for labels
  // before the engine has said what the rules are.
  defaultSeats(players) {
    return { 1: [[1]], 2: [[1], [4]], 3: [[1], [3], [5]], 4: [[1], [2], [4], [5]], 5: [[1], [2], [3], [4], [5]], 6: [[1], [2], [3], [4], [5], [6]] }[players];
  }

  // The setrules words: preset and players, then every key the person filled in.
  rulesWords() {
    const words = [`preset=${this.presetControl.value}`, `players=${this.playersControl.value}`];
    for (const [key, control] of this.ruleControls) {
      if (control.value.trim() !== '') words.push(`${key}=${control.value.trim()}`);
    }
    return words.join(' ');
  }

  seatSettings() {
    return this.settings.slice(0, this.playersSeats.length).map((settings) => ({ ...settings }));
  }

  // The engine's rules after a new game: show its players and seats.
  rulesChanged(rules, seatSettings) {
    this.presetControl.value = rules.get('preset');
    this.playersControl.value = rules.get('players');
    // Each key shows the value of the game in play, so a person sees the rules and
    // changes one of them from there.
    for (const [key, control] of this.ruleControls) control.value = rules.get(key) ?? '';
    this.pendingNote.hidden = true;
    this.settings = seatSettings.map((settings) => ({ ...settings }));
    this.showSeats(seatsOfPlayers(rules.get('armies')));
  }

  // The form's choices as plain values, kept in the browser (saved-game.js).
  state() {
    const rules = Object.fromEntries([...this.ruleControls].map(([key, control]) => [key, control.value]));
    return {
      preset: this.presetControl.value, players: this.playersControl.value, rules, settings: this.settings,
      playersSeats: this.playersSeats, pending: !this.pendingNote.hidden,
    };
  }

  // Puts back a state() of an earlier visit; a value no control offers is left out.
  restore({ preset, players, rules, settings, playersSeats, pending }) {
    const offered = (control, value) => [...control.options].some((option) => option.value === value);
    if (offered(this.presetControl, preset)) this.presetControl.value = preset;
    if (offered(this.playersControl, players)) this.playersControl.value = players;
    for (const [key, value] of Object.entries(rules ?? {})) {
      const control = this.ruleControls.get(key);
      if (control && typeof value === 'string' && (control.tagName !== 'SELECT' || offered(control, value))) control.value = value;
    }
    const seatsKnown = Array.isArray(playersSeats) && playersSeats.every((each) => Array.isArray(each) && each.every((seat) => SEAT_STYLES[seat]));
    if (seatsKnown && Array.isArray(settings) && settings.every(validSeatSettings)) {
      this.settings = settings.map((each) => ({ ...each }));
      this.showSeats(playersSeats);
    }
    this.pendingNote.hidden = pending !== true;
  }

  showSeats(playersSeats) {
    this.playersSeats = playersSeats;
    while (this.settings.length < playersSeats.length) this.settings.push({ kind: 'engine', ...DEFAULT_ENGINE });
    this.seatsBox.replaceChildren();
    playersSeats.forEach((seats, i) => this.seatsBox.appendChild(this.seatRow(i, seats)));
  }

  seatRow(i, seats) {
    const player = i + 1;
    const settings = this.settings[i];
    const row = element('div', { class: 'seat-row', 'data-player': player });
    const kind = select(`seat-kind-${player}`, ['person', 'engine'], settings.kind);
    const name = element('label', { class: 'seat-name' }, `Player ${player} `);
    for (const seat of seats) name.appendChild(seatSwatch(seat));
    name.appendChild(kind);
    // The engine's Player option: its search, or the built-in greedy or random player.
    const style = select(`seat-style-${player}`, ['search', 'greedy', 'random'], settings.style);
    const limit = select(`seat-limit-${player}`, ['movetime', 'depth', 'nodes', 'infinite'], settings.limit, LIMIT_TEXTS);
    const value = element('input', { id: `seat-value-${player}`, type: 'number', min: 1, value: settings.value });
    const unit = element('span', { class: 'limit-unit' });
    const valueBox = element('label', { class: 'limit-value' });
    valueBox.append(value, unit);
    const skill = element('input', { id: `seat-skill-${player}`, type: 'number', min: 0, max: 20, value: settings.skill });
    // A strength on the rating scale (UCI_Elo) takes the place of the skill, as in UCI.
    const strength = select(`seat-strength-${player}`, Object.keys(STRENGTHS), settings.strength ?? 'full', STRENGTHS);
    strength.title = 'the rating the engine plays at, on the two-player scale where a greedy player is 481';
    const engineBox = element('span', { class: 'engine-settings' });
    const limitBox = labelled('limit', limit);
    const skillBox = labelled('skill (0-20)', skill);
    engineBox.append(labelled('method', style), limitBox, valueBox, labelled('strength', strength), skillBox);
    engineBox.hidden = settings.kind !== 'engine';
    // A time control for people and engines alike; an engine with one plays by it.
    const clock = element('input', {
      id: `seat-clock-${player}`, type: 'text', list: 'clock-choices', placeholder: 'no clock', value: settings.clock ?? '', size: 7,
      title: 'clock: base+increment in seconds (300+3 is 5 minutes and 3 s a move); empty: none. Used from the next New game',
    });
    const showLimit = () => {
      limitBox.hidden = clock.value.trim() !== '';
      valueBox.hidden = limitBox.hidden || limit.value === 'infinite';
      unit.textContent = LIMIT_UNITS[limit.value] ?? '';
      if (LIMIT_UNITS[limit.value]) value.setAttribute('aria-label', `${LIMIT_TEXTS[limit.value]} in ${LIMIT_UNITS[limit.value]}`);
    };
    showLimit();
    const showSkill = () => { skillBox.hidden = strength.value !== 'full'; };
    showSkill();
    const changed = () => {
      this.settings[i] = {
        kind: kind.value, limit: limit.value, value: Number(value.value) || 1, skill: Number(skill.value), style: style.value, clock: clock.value.trim(),
        strength: strength.value,
      };
      engineBox.hidden = kind.value !== 'engine';
      showLimit();
      showSkill();
      this.markPending();
    };
    for (const control of [kind, style, limit, value, skill, strength, clock]) control.addEventListener('change', changed);
    row.append(name, labelled('clock', clock), engineBox);
    return row;
  }
}
