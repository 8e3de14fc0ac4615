/** The built embed loader (vite-plugin-embed-loader.ts): the script text of /embed/v1/loader.js. */
declare module 'virtual:embed-loader' {
  const code: string
  export default code
}
