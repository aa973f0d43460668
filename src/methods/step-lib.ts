// What the page lends a step's script (src/parts/load.ts loads it): Preact and the helpers the steps share.
// Only the waiting screen lends these (src/components/Pending.tsx), so in the hosted page they come with
// the screens' part.
import { Fragment, h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useCountdown } from '../components/useCountdown';
import { fillText } from '../i18n/fill';
import { formatDuration } from '../i18n/format';
import { loadPart } from '../parts/load';

/** What the page lends a step's script. */
export const STEP_LIB = { h, Fragment, useEffect, useRef, useState, useCountdown, fillText, formatDuration, loadPart };
export type StepLib = typeof STEP_LIB;
