/** A stylesheet imported for its side effect (the apps' bundlers take it in; the server never imports these modules). */
declare module '*.css';
