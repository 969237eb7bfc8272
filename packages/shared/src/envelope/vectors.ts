/**
 * Known-answer vectors for the envelope with the default key, produced by Node's own
 * `aes-128-ecb`. The shared test checks @noble/ciphers against them; the server test recomputes
 * them with node:crypto, so both sides and any other client agree on the same bytes.
 */
export const ENVELOPE_VECTORS: ReadonlyArray<{ payload: unknown; sealed: string }> = [
  { payload: null, sealed: '5Yqc95LesS5WY1Wv4qsfaA==' },
  { payload: {}, sealed: 'dpkoOeB8XvsBA4ychLx4TQ==' },
  {
    payload: { uact: 'union92a01', password: 'Demo@2026' },
    sealed: 'pZbKYbEDqKD1z7B+jNE0Wp18eYmjWGYmIITwT2R8oraTZM6a9xqXVTWq+j7HojCT',
  },
  {
    payload: { name: '张三', certNo: '11010519491231002X' },
    sealed: 'mjn2aB2S3SLYk5E4QQWP40qhsah1GhF7SozrDZt/mKscdkrodits/Y+QzFg/iQ0s',
  },
  { payload: 'exactly16bytes!!', sealed: 't4GshoVYnhnpw+QeoSkfAOHCMsy4+JkCvr5WUUHbcPs=' },
  { payload: [1, 2, 3], sealed: 'VXL8rK/UBWUw6VZzqdB4wg==' },
];
