// The business-purpose categories of spec §3 are the industry categories the certification asks
// for: one list of labels (optionLabels/industryLabels.ts), named here for what the card step asks.
export { INDUSTRY_LABELS as PURPOSE_LABELS } from '../optionLabels/industryLabels';
