// The fixed positions of `chessbot bench`. Changing this list (or their order) changes the node
// signature, so leave it alone unless the signature is meant to move: the Bratko-Kopec test
// (24 middlegames, EPD opcodes dropped), then the initial position, a few standard middlegames
// and some endgames, so that every phase of the evaluation and search is exercised.

export interface BenchPosition {
  readonly name: string;
  readonly fen: string;
}

export const BENCH_POSITIONS: readonly BenchPosition[] = [
  { name: 'BK.01', fen: '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1' },
  { name: 'BK.02', fen: '3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1' },
  { name: 'BK.03', fen: '2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - 0 1' },
  { name: 'BK.04', fen: 'rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1' },
  { name: 'BK.05', fen: 'r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1' },
  { name: 'BK.06', fen: '2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - 0 1' },
  { name: 'BK.07', fen: '1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1' },
  { name: 'BK.08', fen: '4b3/p3kp2/6p1/3pP2p/2pP1P2/4K1P1/P3N2P/8 w - - 0 1' },
  { name: 'BK.09', fen: '2kr1bnr/pbpq4/2n1pp2/3p3p/3P1P1B/2N2N1Q/PPP3PP/2KR1B1R w - - 0 1' },
  { name: 'BK.10', fen: '3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - - 0 1' },
  { name: 'BK.11', fen: '2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1' },
  { name: 'BK.12', fen: 'r3r1k1/ppqb1ppp/8/4p1NQ/8/2P5/PP3PPP/R3R1K1 b - - 0 1' },
  { name: 'BK.13', fen: 'r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1' },
  { name: 'BK.14', fen: 'rnb2r1k/pp2p2p/2pp2p1/q2P1p2/8/1Pb2NP1/PB2PPBP/R2Q1RK1 w - - 0 1' },
  { name: 'BK.15', fen: '2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - - 0 1' },
  { name: 'BK.16', fen: 'r1bqkb1r/4npp1/p1p4p/1p1pP1B1/8/1B6/PPPN1PPP/R2Q1RK1 w kq - 0 1' },
  { name: 'BK.17', fen: 'r2q1rk1/1ppnbppp/p2p1nb1/3Pp3/2P1P1P1/2N2N1P/PPB1QP2/R1B2RK1 b - - 0 1' },
  { name: 'BK.18', fen: 'r1bq1rk1/pp2ppbp/2np2p1/2n5/P3PP2/N1P2N2/1PB3PP/R1B1QRK1 b - - 0 1' },
  { name: 'BK.19', fen: '3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - - 0 1' },
  { name: 'BK.20', fen: 'r4k2/pb2bp1r/1p1qp2p/3pNp2/3P1P2/2N3P1/PPP1Q2P/2KRR3 w - - 0 1' },
  { name: 'BK.21', fen: '3rn2k/ppb2rpp/2ppqp2/5N2/2P1P3/1P5Q/PB3PPP/3RR1K1 w - - 0 1' },
  { name: 'BK.22', fen: '2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 1' },
  { name: 'BK.23', fen: 'r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq - 0 1' },
  { name: 'BK.24', fen: 'r2qnrnk/p2b2b1/1p1p2pp/2pPpp2/1PP1P3/PRNBB3/3QNPPP/5RK1 w - - 0 1' },
  { name: 'start', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
  { name: 'kiwipete', fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' },
  { name: 'italian', fen: 'r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQK2R b KQkq - 0 5' },
  { name: 'middlegame', fen: 'r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15' },
  { name: 'rook ending', fen: '8/8/1P6/5pr1/8/4R3/7k/2K5 w - - 0 1' },
  { name: 'pawn ending', fen: '8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1' },
  { name: 'queen ending', fen: '8/5pk1/6p1/3Q4/8/6P1/5PK1/2q5 w - - 0 1' },
  { name: 'minor ending', fen: '8/8/8/3k4/8/8/8/1BN1K3 w - - 0 1' },
];
