// JSX as Preact's h(type, props, ...children) rather than the automatic runtime's
// jsx(type, { ...props, children }): every element with children is shorter in the built files.
import type { Plugin } from 'vite';

export const classicJsx: Plugin = {
  name: 'momo-classic-jsx',
  apply: 'build',
  config: () => ({
    oxc: {
      jsx: { runtime: 'classic', pragma: 'momoH', pragmaFrag: 'MomoFragment' },
      jsxInject: "import { h as momoH, Fragment as MomoFragment } from 'preact'",
    },
  }),
};
