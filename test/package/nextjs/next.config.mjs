// Nothing to configure: momo-checkout needs no transpiling or bundler option in Next.js.
export default {};
