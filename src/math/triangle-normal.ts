/**
 * A triangle's normal from its two shorter edges. In exact arithmetic (p_j − p_i) × (p_k − p_i) equals
 * (p_k − p_j) × (p_i − p_j) and (p_i − p_k) × (p_j − p_k); in floating point the cross product of two long,
 * nearly parallel edges cancels. On a long thin triangle (two corners at one end of a shape 10^6 long, one at
 * the other: GJK's and EPA's simplices on a long box) the two long edges meet at an angle of 10^-6, so their
 * cross product keeps only about ten digits, and its error tilts the normal along the long edge: the plane,
 * carried 10^6 to the origin, was off by 10^-4. The short edge crossed with a long one errs only by a turn
 * about the long edge (an error of the short edge moves the normal perpendicular to the long edge), which
 * no distance along the long edge amplifies. (Shewchuk, "Lecture notes on geometric robustness", 2013: the
 * conditioning of a triangle's normal by its shortest edges.)
 */

/**
 * Writes (unnormalised) the normal of the triangle (p_i, p_j, p_k) of the packed points `p` (point q at
 * [3q, 3q + 1, 3q + 2]) into out[0..2], oriented as (p_j − p_i) × (p_k − p_i), from the two edges that meet
 * opposite the longest.
 */
export function triangleNormal(p: Float64Array, i: number, j: number, k: number, out: Float64Array): void {
  const ix = p[3 * i], iy = p[3 * i + 1], iz = p[3 * i + 2];
  const jx = p[3 * j], jy = p[3 * j + 1], jz = p[3 * j + 2];
  const kx = p[3 * k], ky = p[3 * k + 1], kz = p[3 * k + 2];
  const ijx = jx - ix, ijy = jy - iy, ijz = jz - iz;
  const jkx = kx - jx, jky = ky - jy, jkz = kz - jz;
  const kix = ix - kx, kiy = iy - ky, kiz = iz - kz;
  const ij = ijx * ijx + ijy * ijy + ijz * ijz, jk = jkx * jkx + jky * jky + jkz * jkz, ki = kix * kix + kiy * kiy + kiz * kiz;
  if (jk >= ij && jk >= ki) {
    // Longest edge jk: (p_j − p_i) × (p_k − p_i) = ij × (−ki).
    out[0] = kiy * ijz - kiz * ijy; out[1] = kiz * ijx - kix * ijz; out[2] = kix * ijy - kiy * ijx;
  } else if (ki >= ij) {
    // Longest edge ki: (p_k − p_j) × (p_i − p_j) = jk × (−ij).
    out[0] = ijy * jkz - ijz * jky; out[1] = ijz * jkx - ijx * jkz; out[2] = ijx * jky - ijy * jkx;
  } else {
    // Longest edge ij: (p_i − p_k) × (p_j − p_k) = ki × (−jk).
    out[0] = jky * kiz - jkz * kiy; out[1] = jkz * kix - jkx * kiz; out[2] = jkx * kiy - jky * kix;
  }
}
