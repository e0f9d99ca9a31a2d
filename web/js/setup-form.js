// The game setup controls: preset, number of players, any other rule key, and for
// each player a person or the engine with its limit (time, depth or nodes per move)
// and skill, or the engine's greedy or random player. It produces `setrules` words (protocol-spec/rules.md) and seat settings.
import { PRESETS, RULE_KEYS, seatsOfPlayers } from './rules.js';
import { SEAT_STYLES, glyphElement } from './seat-style.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const DEFAULT_ENGINE = { limit: 'movetime', value: 1000, skill: 20, style: 'search' };

function element(tag, attributes = {}, text = '') {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text) node.textContent = text;
  return node;
}

function labelled(text, control) {
  const label = element('label', {}, `${text} `);
  label.appendChild(control);
  return label;
}

function select(id, values, selected) {
  const control = element('select', { id });
  for (const value of values) {
    const option = element('option', { value }, value);
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

export class SetupForm {
  // onSeatSettingsChange(settings) when a player's person/engine settings change.
  constructor(container, onSeatSettingsChange) {
    this.onSeatSettingsChange = onSeatSettingsChange;
    this.presetControl = select('preset', PRESETS, 'standard');
    this.playersControl = select('players', ['1', '2', '3', '4', '5', '6'], '2');
    this.ruleControls = new Map();
    const rulesBox = element('div', { class: 'rule-keys' });
    for (const rule of RULE_KEYS) {
      let control;
      if (rule.kind === 'choice') control = select(`rule-${rule.key}`, ['', ...rule.values], '');
      else control = element('input', { id: `rule-${rule.key}`, type: rule.kind === 'number' ? 'number' : 'text', placeholder: rule.hint ?? '' });
      if (rule.kind === 'number') {
        control.min = rule.min;
        control.max = rule.max;
      }
      this.ruleControls.set(rule.key, control);
      rulesBox.appendChild(labelled(rule.key, control));
    }
    const details = element('details', { id: 'more-rules' });
    details.appendChild(element('summary', {}, 'More rules (empty: the preset\'s value)'));
    details.appendChild(rulesBox);
    this.seatsBox = element('div', { id: 'seats' });
    container.append(labelled('Preset', this.presetControl), labelled('Players', this.playersControl), details, this.seatsBox);
    this.settings = [{ kind: 'person', ...DEFAULT_ENGINE }, { kind: 'engine', ...DEFAULT_ENGINE }];
    this.playersSeats = [[1], [4]];
    this.playersControl.addEventListener('change', () => this.showSeats(this.defaultSeats(Number(this.playersControl.value))));
    this.showSeats(this.playersSeats);
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
    this.settings = seatSettings.map((settings) => ({ ...settings }));
    this.showSeats(seatsOfPlayers(rules.get('armies')));
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
    const name = element('span', { class: 'seat-name' }, `Player ${player} `);
    for (const seat of seats) name.appendChild(seatSwatch(seat));
    const kind = select(`seat-kind-${player}`, ['person', 'engine'], settings.kind);
    const limit = select(`seat-limit-${player}`, ['movetime', 'depth', 'nodes', 'infinite'], settings.limit);
    const value = element('input', { id: `seat-value-${player}`, type: 'number', min: 1, value: settings.value, title: 'milliseconds, plies or nodes per move' });
    const skill = element('input', { id: `seat-skill-${player}`, type: 'number', min: 0, max: 20, value: settings.skill, title: 'Skill Level 0..20' });
    // The engine's Player option: its search, or the built-in greedy or random player.
    const style = select(`seat-style-${player}`, ['search', 'greedy', 'random'], settings.style);
    const engineBox = element('span', { class: 'engine-settings' });
    engineBox.append(style, limit, value, labelled('skill', skill));
    engineBox.hidden = settings.kind !== 'engine';
    value.hidden = settings.limit === 'infinite';
    const changed = () => {
      this.settings[i] = {
        kind: kind.value, limit: limit.value, value: Number(value.value) || 1, skill: Number(skill.value), style: style.value,
      };
      engineBox.hidden = kind.value !== 'engine';
      value.hidden = limit.value === 'infinite';
      this.onSeatSettingsChange(this.seatSettings());
    };
    for (const control of [kind, style, limit, value, skill]) control.addEventListener('change', changed);
    row.append(name, kind, engineBox);
    return row;
  }
}
