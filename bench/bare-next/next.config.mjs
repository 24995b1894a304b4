/**
 * The bare reference app. bench/lib/bare-next.ts builds a copy of it in a temporary folder whose
 * node_modules links to the shop's (inside the shop's tree, Turbopack compiled the shop's own
 * proxy into it); Turbopack must see both folders, hence the file system's root as its root.
 */
export default { poweredByHeader: false, turbopack: { root: '/' } }
