// The Lichess piece sets the renderer draws with (bench/vision/sources.ts fetches them): each file
// pinned by its SHA-256, so that a fetch gives the very bytes the committed weights were trained on.
// Authors and licences as lila's COPYING.md gives them (a set it does not list is lila's own,
// AGPL-3.0-or-later); only sets free for any use are here (no NC clause, none of its non-free ones).
//
// Where from: lila's repository (lichess-org/lila, public/piece) is too big to clone here, so the
// files come from Chesskit's copy of that directory (GuillaumeSD/Freechess, public/piece, copied
// from lila on 2025-05-10 with lila's COPYING.md exceptions), pinned to one commit.

export const PIECE_REPOSITORY = 'GuillaumeSD/Freechess';
export const PIECE_COMMIT = '05908e3b03652187e8637aa8bc0d1cff8e802dee';

export interface LilaSet {
  /** lila's directory name (public/piece/<name>); the renderer calls it lila-<name>. */
  readonly name: string;
  readonly author: string;
  /** SPDX identifier. */
  readonly licence: string;
  /** {w,b}{P,N,B,R,Q,K} → the file's SHA-256. */
  readonly files: Readonly<Record<string, string>>;
}

export function pieceUrl(set: string, piece: string): string {
  return `https://raw.githubusercontent.com/${PIECE_REPOSITORY}/${PIECE_COMMIT}/public/piece/${set}/${piece}.svg`;
}

export const LILA_SETS: readonly LilaSet[] = [
  {
    name: 'celtic',
    author: 'Maurizio Monge',
    licence: 'MIT',
    files: {
      wP: '97476ddc1bdd040dc5a02a31dba159a61ce1e925902d8a8a9f2ba6f54038b52e',
      wN: 'fdcfef4539ee2f8b88a1bac77ac377742a7ad225facee4dc777cdbf3d0004d33',
      wB: '051d0bb6ef98aa1c95a78677c37e5c5e65b6668bebb56c22ae86ef3be64fd313',
      wR: '38d1bb8421bfc09d3c1ba2453f1e4deae44539b8dc04a1bd6dcba45477873fea',
      wQ: 'bbe8125704a9cb6f0187416e4311d00ef4ff770777e292b702092e16df81dd2c',
      wK: 'f31c2fa16dcad9325dac7a902aeb922841af054bd24b98b06f605b0b9ccae445',
      bP: '6630e08f694207bce2648ccadf96a043dc0b2c55318950a917af5a0407653cbe',
      bN: '67ef2876b01dc3540b6445f8b9515c17945b51beff06196e56593d90a72e1332',
      bB: 'da0ca4e0ef81b399122782fbc7d92489c209aca5cb8372681cdbcdf67635446a',
      bR: '3918a4295a1f05e4837f6015bea3b5567e3a93a2d1d3835fd79a12162b525884',
      bQ: '3f49eec946ec925af9fc5c813b16c248792dcf10738e64277104253619597b0c',
      bK: '95e2e8a019860ea04db6b0dbf7dc2e811dfc85c54ae5827e95a678e5eb483582',
    },
  },
  {
    name: 'chessnut',
    author: 'Alexis Luengas',
    licence: 'Apache-2.0',
    files: {
      wP: '423f9a04ff6a18ed129d90269e15b7a0d5390ac775e8d3468d09feb33f92ea0e',
      wN: '73a4860e4f73034ca1579e952240e8cce57affec677e87b7e1dd8cf9c3dbcdd1',
      wB: '7efb9f1e87c7bcb71bde8d502fa2167885f48e5f66d6739a491cb03c76d8ccff',
      wR: 'b0b74e6441c98ac8be1b13dde861b3c5d93fdf769bd67031da0720c3de9cc15f',
      wQ: '21d84a10b2d0f7ebeff93bc452a12e66dd6928b35d7db21d20b59fcc520584fb',
      wK: '2961fa67f4f6544ae20b575c93f06caf168e3f1b9f6e21c90f110262412a95ee',
      bP: '7d8764abf0ecb66682eb0a4a36651011f56021840fc39e53dbd0bb0f1753cd2b',
      bN: '401337dc6929712805bb1762b72719c1d49f6e034a26fd05838e5fcb4b3743fb',
      bB: 'e343ea2765e61364e6fda78064c88da2d371ce69634a8ec065804e70c8b4928d',
      bR: '7721c8653441de50de7b42d6e41e530f039e575eab7b405d23465fa33673bbed',
      bQ: 'c2fdeb584074b0ec743d58ac81c611b57c92c6d7ac72ba9f428d961fa0993424',
      bK: '54a1d77e299156a03f1f3bfe57dc6065e42f1313aa0bbc9475cdb2b3976530d9',
    },
  },
  {
    name: 'fantasy',
    author: 'Maurizio Monge',
    licence: 'MIT',
    files: {
      wP: 'e35e008bb85c834a5123e17302be7d8a045a283606787959d479c2209a5bb287',
      wN: 'edd8bd3bb51dfe0837e7a308ba72c57b0610b4e3d10991313ab395de5bab05bb',
      wB: '258d211977d2f37506d60d072c0857bd3af6f98c469761e0596cefe8999cd83a',
      wR: 'e0d950e12d567584981654506884c4ed3139091159c580f72c1963b0cef01d01',
      wQ: 'bfa558711b60c7ea72c050ea7abd9f062ef18186237df9d0bdc489ad17501012',
      wK: 'bfb912031c798d65afecc71f50a9ab7a1146e480eb2a042b03b67f8b123bd1f9',
      bP: '6f742739bf3196d198cfc9990cf3f8e0a312bbdfc2a8da8b18ab263f3692c59a',
      bN: '376a952b8e69caf01f2a8e6581069761ef818b7c40faf2fab2ebaee6252059a7',
      bB: '1715c0d76dd6287e4e0d52d0e5455ee4b4cdd65e2b1646e60d29bfa97648504f',
      bR: '609a859e4c73debac43784239197f382d3c4dcb26868c6da69902e6c362c39df',
      bQ: '73183a0e5a538c35a21f01968e09a1a9189cccadc6149c14759bb37e3aadceb2',
      bK: '187f2a7be7dec634c87b3fe8e4b553a77faaa2130204d356e3dd1b8ff04b0a43',
    },
  },
  {
    name: 'firi',
    author: 'James Faure',
    licence: 'CC-BY-4.0',
    files: {
      wP: 'd9cd4c89329ee07f5033c049f6ae093cf64d301fc993351f71962e8e0d3bf24c',
      wN: 'e46d2f90332a5209b339c5b65eec6a67acb8b5ca5bc7c6bdcdbe2762c778a7ae',
      wB: '5f27459b4bfd41fd673e59cfa87c92016c44a6d3c549dbd0d253124b9bc28f1b',
      wR: '60ab87407e5f20924b88702dd905d8d9800576f0adede10bcb595e486127fb72',
      wQ: 'ce5bcc9f3374fca6e430bd0d4a61ec33473bb9d13512120ec73a382da90ea0f9',
      wK: '8eca0fce7962100d32f25da4a18905bf83caea9104ebe3513f02a1b9d81a4fb5',
      bP: '2826cb312f40df0b5c4d1646fe455fe6ac2347b94d85a41749f03e8c24ef4e61',
      bN: 'fe4db905a5617491b9537a5e03050bf1af180debcb94b27e656e525ab8ef424b',
      bB: '7d679d832935b04c497ceec68a4150a112db2fb8083a7989b797b0a341157d29',
      bR: '9c56bdf721197aabaf814fd10d2242a6d0c1d1d3140fc5061328401e5f0b0c5f',
      bQ: 'f36ee4099701b17b5f91e34cc3e25d78c5d96e2cd392f8fa23134e6facf198f6',
      bK: 'e6bd02d39f5e662cb08fd236b89dc6fdbfaac67ab871381c1d7ffa6c32bc1602',
    },
  },
  {
    name: 'governor',
    author: 'the lila authors',
    licence: 'AGPL-3.0-or-later',
    files: {
      wP: 'eb1fbb8b10bd79299def1f2d203de2632c1f686d0b1286317b384b367fdcffc9',
      wN: 'b5c20a6f1246e4659f1729a4f21546d37c8c8293f14879c89826dcaadff26169',
      wB: '3bd48047df64a00fd714664f2886c9744e98c46afdcef7141c9ade3c1111e26b',
      wR: '13a682d60a5be3cb1bed54bf5638a5ed77c0fdf9e5749e903e54682d78c30e01',
      wQ: 'ae8a39b0ef1eb02353a1a164d9ce8c2e7da0a42e73e10910feef0e4da54e3a53',
      wK: '6723fad7acf27d6e0ce609d2f90bfdfa9d13ccbe7f010b615ecc648c49615292',
      bP: '03b1f652424b550dd62b8e00decbe3f0e9b624fe36743b5950f9432ea330f198',
      bN: '21bf2894a137dbd3dcf5274bd9b2f88a4a04ae0ba7906f3fc2c0fee6bd06100d',
      bB: '0e0b2e53f1adb5b41d765c4d6aaa2478123383b3a619bac7e8f4a344bde8f635',
      bR: '81694f70ab6f894aea9979d26963427c97208fbc7f5dfe51fd825df2b379a67c',
      bQ: '07811fd6073aec19688dcec15b7f316926014222e5e45920320b58bd360bedaf',
      bK: '34b72bac91a9ee16e7779848e10f850b7ca991ebd0ed2ee32a8c5a51e79bbcde',
    },
  },
  {
    name: 'kiwen-suwi',
    author: 'neverRare',
    licence: 'CC-BY-4.0',
    files: {
      wP: 'dc66f9bea59decf7e5126964122b033491009526e4902f298c8f6b3fce618661',
      wN: 'bae765937f7cc28e5fd36649fcc32aa22027a1998bbf9d30b2177ab27de44c61',
      wB: '9cee8fa14cc2f3670395ed6391f43bb7e16740f15d7fed000d708356b69cdbc9',
      wR: '4310bc89cfda6d7fc647d1a07baeaed9efe2cab7aa53d999e2733ec4acaa69ff',
      wQ: '536b978b0f0edef02ce227af356a66786ba9cc35cec0b3ad5fcaab8e62b13a83',
      wK: '0c8f18f40021072918a20104d4a86f82de1b8809604ab2ef29690106ce9804f6',
      bP: '71a2f13272b3f423ceaf375b8ca3a5aeb89cc52b5429df106f51f67b990249f7',
      bN: '6b9bf75b7130823a2e2dfa87ab7bb2ae51ab3ef0a2dd906455635b8a54b40a0b',
      bB: '4ec9076020a808d3d0e8b3014e6eebcb8e7cafbcb83898a203c30e5204e745e1',
      bR: '2b0b47b395ac701e5f3be4969eff8c53930d00b2a8e7de27733a6811bf1a458b',
      bQ: '06c650f2b8141109366f670f6772175fcc82ea9036efc893d699043027efc35f',
      bK: 'b985cccfe9b93f8e2157be67b43ca10faeb2c16b436450967c2cc2d55c695fa4',
    },
  },
  {
    name: 'letter',
    author: 'usolando',
    licence: 'AGPL-3.0-or-later',
    files: {
      wP: '5032636ef20ebbf8c54a984dd41583bf4d1890df071467947180a637176f6385',
      wN: 'ac5c5572b40e96557b410baa15bb30dc0aabe57ba8c8b7c83ad17abd182f0eaf',
      wB: 'aea26f503ad3b3581c5eb906ca890343e592d1ddbdb89a19fefb00b0e9f34a7d',
      wR: '0d186d7bc20f89719405a556a14df12dc9a63580e3865290cfd2f52b0e725096',
      wQ: '84f792b90f5ee97eacd21d02eed771717ac568bb8877747753333f23bce40682',
      wK: '844db427b537a10e12bc351f1f8bf098474507bf08238fb836e5962b86ac9287',
      bP: '5a943bee6b9a57e00b14ee7cf180cf8b416562e17a6b88f26f3385b5d0c0391c',
      bN: '57e388c2a6fb2dfa653b97a70fe624cb49a3471ebdb8ef77692e7bb7efee8e41',
      bB: 'febfe1e73b89249a9689e60838a37743ef2efb8afa099bd04d0ce96840d48346',
      bR: '2708ce1df2f8a585e0192e034bd24ba6300aaa85a13115a76cf98fa3389daac6',
      bQ: 'c4d2591988cfc481e4bbf51e07909acd547cdcb021e581f0378b865bec745c2f',
      bK: '58212e60c9c1ee726f0212a7834529f7352fa084d921d87bfc2f5a306f1c4261',
    },
  },
  {
    name: 'mpchess',
    author: 'Maxime Chupin',
    licence: 'GPL-3.0-or-later',
    files: {
      wP: 'a5017cb3da3ec7841fe44b8b1f2e82279365d278f67e5fe78dc8faae6b240f99',
      wN: '61e03c5d85a957ac05ddb027e2e0b760a9110d0df3e0b85d134dfa6fdae4c659',
      wB: '377282f4aec9ff8e9459ad78c3a1d6c5ebff47e9f6579185c3a8a66eef62f12a',
      wR: '0bdc0d50681457fcb1e84335c21fd5ae587145c3d33ab48216a0a476e80ad0da',
      wQ: '0f37c4c039715ed4f2f2ba5133fa101720cc69daf36ef780b4a19dc378599481',
      wK: 'ab35351dd78616e8ac1f0381fcde11fa3155a3c418154cdceeb3820e397c3704',
      bP: 'bc8911b63788a9734b593fbd45702820501df893103d2127ce1f39f021bfcf19',
      bN: '4905e06340e38ea95699a02c576acd521c86cd35a81330e2dee2843f07af218c',
      bB: '74bb566cc53880feca5cfd623ceefdd1ae3178f6f89792393f0c7c41d04bcf1f',
      bR: 'a8dfcacd6c27c22172d8ad28b1af7de1d97afd5217bbda55ac0970e496961122',
      bQ: '58f49091b3b68a5858963854e7f0c0568c7b87ffcca80238245773b8a0e50eed',
      bK: 'b1140e3f39ab6dc8d2b0c94629eb87676053d1203b7385f7cdd9cbd08668d1b3',
    },
  },
  {
    name: 'pirouetti',
    author: 'pirouetti',
    licence: 'AGPL-3.0-or-later',
    files: {
      wP: 'fba801fba6939a34ed5f3f50e5713b3b3567203df08272411344415831fbc61a',
      wN: '020ab28829c785cd0449fb93ba7036db780229b48257e3a38db23afb4e5cf1fb',
      wB: 'c88ea797e34737e97fa1a19427556046572aa4d603b8bb7bf70ccc5804aeefd9',
      wR: '19e67b3c193275bba4e6690d57aaaed2c93c76a99ac81db536c9caaabdc239ac',
      wQ: '923ba107d5706943d6e5a216423ede9dce48062ac0e4f73f1213ae60f7db008e',
      wK: '5db8ea109b8e5d8ebc45e0068b8a0a913170ea2d2b6fae493972f12fad90f11c',
      bP: '71089f1ed8cd9ea74c9f84fb355ff271373e849bc7d67753413da8d3a7690c2f',
      bN: 'd602c0874387ab2da2dfc4725dcb54c0d6d9c8bda9726e5764a9b7644fa9f69c',
      bB: '6b94acbf64eb0ca76797407810d1923c6f05b0401171d3cd27474ec0c74d0bd1',
      bR: '9c55c2f4c9844b5724e858a56b3d52ebf2900c73dcddf075cc6392009508795b',
      bQ: '89dedf326e4621ce7570801f5fa7410ba627488bfbea1b0ac80f8067e676b68d',
      bK: '38ed5dd8675e5f44c0554b87c93f7b328ac66e46c84198cc7ccfcb666a1eb959',
    },
  },
  {
    name: 'pixel',
    author: 'therealqtpi',
    licence: 'AGPL-3.0-or-later',
    files: {
      wP: '4b1d8c7c83032b64ab60e1dcbb84207ff6e61c59219c2b44e440e3557d174eef',
      wN: 'f023b1f39609e4480bc65eeeae58a88a1b6b5fc960fbb8f667ffc8c613df98ad',
      wB: '576aec6e58fbceb154c1b46871f763d06ebfb52116ac6af5d18b0f1725cfcb34',
      wR: '82093bfd2bed704887ac09a36115d6e3ff2a26c90e85ebf39894087af179bf7b',
      wQ: '522065e4fc6a77d29ff5110c45ae1d9cf96b5ff16ba7f65d9dd126751b2e5253',
      wK: '2f599a6335a4d811d2d6c8a69949d5345ca499ff8dde192eca80fd5ae9dd1725',
      bP: '665208c308ae3242dabc9b49f7796a5065efb614f021eb03dd86db2f96482903',
      bN: 'ffc8239e1e3dbcf0cdd185ca78626a0ee0b901e73f4565553ccfeb9df78d4a7c',
      bB: 'c8340d157686b10f8872dd8aae69af01c9a40754a79af988e06722205b879be8',
      bR: '6da067720742308e4390546f0e501c70f72c435c2db13bbc6b0e6f74323ebd1f',
      bQ: '8ed5647f0c8658bbf9c9ca4b3e0f38e1e8849e136482aca06f7c61c63a010941',
      bK: 'b12148a1a8f855af9408607fbd3e3ac6450f00a687bdb326e27f6a8eab424097',
    },
  },
  {
    name: 'rhosgfx',
    author: 'RhosGFX',
    licence: 'CC0-1.0',
    files: {
      wP: '57e8a40d0df182d35a983d966a58f282effea1245e9ec9e6c5c2a2711018fd0a',
      wN: '1075afed552d242b6b4a2210a1797da1a29af3cd9bc26dc98c72422a1838eef4',
      wB: 'b646e8cbc425ce2a165493f94af2524683005db7a34003deb971d3942f794301',
      wR: 'cb12387affcda51c3172fa096d9a0e77087f5f2a08f1cb6a9bc6be3aa8a52102',
      wQ: '6ac80d2a5b9af8d5aadde11295bfc5096d50db6a6baa4e83bd56722f54c2c3fc',
      wK: 'abcf3883c0dd386c61f5cc3b04ab3c05d52dbda81a4594bf6d4d64d7070ef02e',
      bP: 'ad1b22a2d2877176c1c6c0f39afb86829accfaa3920a3e51f265997b8b685419',
      bN: '22db70ed17f55588ad376573b9de7b2eed1ceb00c49afc09aa57f9b1f5f84a6c',
      bB: '0347f55850ec95568670b0c31d39ef764ace09a0667e15cb5c810cd94edcfc5a',
      bR: '69132adb25a0538f355ffc44e85b6535a15ddf72ae48c025083e1807bcef0c2e',
      bQ: 'a786631b904e53712d32346b49680dc51251ca6bc01f98b1f956cac0ccec4c65',
      bK: '25d365cb8428720ed0baeda91fee89ff58f6fe40648d3513835689ab486fd50e',
    },
  },
  {
    name: 'spatial',
    author: 'Maurizio Monge',
    licence: 'MIT',
    files: {
      wP: '01c4de384fe6ca1dacb274d4dcf25257645f9d903410a08e67b3caf3964bb9a1',
      wN: '69a765ec6214d9d096a5b02cbdf1f545ec3c2519a51ec2b5282d172de884e249',
      wB: '8b9cd556bac45adc2fe6f2cc513ccfdf25d26ea5577a1b10c8693d983486b780',
      wR: '5594555be4981defd2f6b6d658bd90eba74dc78f21e34ab99518fa5c2b5eff29',
      wQ: '69f205b1437b77731e32d6edd75a203fdc93865851e7085c2d49fe174e3346b7',
      wK: '7c38687f0c9146ce288cb80e961863ab82777fafdbaae389ca08758f183f6053',
      bP: '434f90b6455ec84adc371ff598b04662d7df43ef0b9b4153bae007658387987e',
      bN: 'd651aa673d7aab11de7d5152cd47914dfa4095f37736afff2f2789e36bbd01db',
      bB: '1777a35348fcc0cfa3368628095194df4242838c7291efa0b4d34cc3b406889c',
      bR: '6a901ab88b27ef59e7242b47973930b6d4dbb79d7c1400dfc02907edc1139bba',
      bQ: 'f3178a8b8c0305f2f65f832da3342003673333685dd5e3fb240951e16b81c105',
      bK: 'e8051af7a03bb3b14424ebc1b05522baa0064564b9657eb819d425f67ef6a408',
    },
  },
];
