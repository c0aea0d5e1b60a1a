export { startSimulator, DEFAULT_SIM_CLAN_TAG, type Simulator, type SimulatorOptions } from './simulator.js';
export type { Fault, FaultRate, SimRoute } from './faults.js';
export type { PeriodInfo, PeriodType } from './calendar.js';
export type { LedgerAttack, SimLedger } from './ledger.js';
export type { SimMember, SimState, PlayerClan } from './state.js';
export type { FamilyAttack, FamilyLedger, SimClanEvent, SimMove, SimStint } from './family-ledger.js';
export type { HardCases } from './family-hard-cases.js';
export type { SimClan } from './sim-clan.js';
