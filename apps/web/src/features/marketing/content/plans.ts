import { PLAN_LIMITS, PRICES, type PlanName } from '@codewright/contract';

export interface PlanCard {
  key: PlanName;
  price: string;
  period: string;
  blurb: string;
  points: string[];
  cta: string;
}

const teamOf = (n: number) => (n === -1 ? 'Unlimited team members' : `Teams of up to ${n}`);

/** The three plan cards of SPEC §2.7, from the plan table and prices in the contract. */
export const PLAN_CARDS: PlanCard[] = [
  {
    key: 'free',
    price: `$${PRICES.free}`,
    period: 'forever',
    blurb: 'For trying Codewright on side projects.',
    points: [
      `${PLAN_LIMITS.free.generationsPerMonth} generations a month`,
      `${PLAN_LIMITS.free.editsPerMonth} edits a month`,
      `Up to ${PLAN_LIMITS.free.maxProjects} projects`,
      'Public projects only',
      'Basic AI model',
    ],
    cta: 'Start for free',
  },
  {
    key: 'pro',
    price: `$${PRICES.pro}`,
    period: 'per month',
    blurb: 'For developers who build every day.',
    points: [
      'Unlimited generations and edits',
      'Unlimited projects',
      'Private projects',
      'Advanced AI model',
      'Version control',
      teamOf(PLAN_LIMITS.pro.maxTeamMembers),
      'Priority support',
    ],
    cta: 'Upgrade to Pro',
  },
  {
    key: 'enterprise',
    price: 'Custom',
    period: 'priced with you',
    blurb: 'For organisations with their own needs.',
    points: [
      'Everything in Pro',
      teamOf(PLAN_LIMITS.enterprise.maxTeamMembers),
      'Custom integrations',
      'Priority support',
    ],
    cta: 'Choose Enterprise',
  },
];
