export { startSimulator, DEFAULT_SIM_CLAN_TAG, type Simulator, type SimulatorOptions } from './simulator.js';
export type { Fault, SimRoute } from './faults.js';
export type { PeriodInfo, PeriodType } from './calendar.js';
export type { SimMember, SimState } from './state.js';
