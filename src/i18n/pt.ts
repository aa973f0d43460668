import type { Catalogue, PlainCatalogue } from './messages';

// Catálogo português (Guiné-Bissau): as mesmas chaves e os mesmos {parâmetros} do inglês
// (verificado pelos tipos e por um teste). Carregado só quando escolhido: i18n/pt.json.
export const pt = {
  'lang.label': 'Idioma',

  'page.title': 'Pagamento seguro',
  'page.test': 'TESTE',
  'dialog.close': 'Fechar',
  'summary.total': 'Total a pagar',
  'summary.paid': 'Total pago',
  'summary.items': 'O seu pedido',
  'summary.quantity': '{quantity}\u00a0×\u00a0{price}',

  loading: 'A carregar o seu pagamento…',

  'form.heading': 'Pagar com dinheiro móvel',
  'form.firstName': 'Nome próprio',
  'form.lastName': 'Apelido',
  'form.email': 'E-mail para o recibo',
  'form.country': 'País',
  'country.cg': 'República do Congo',
  'country.cm': 'Camarões',
  'country.ga': 'Gabão',
  'country.td': 'Chade',
  'country.cf': 'República Centro-Africana',
  'country.gq': 'Guiné Equatorial',
  'country.sn': 'Senegal',
  'country.ci': 'Costa do Marfim',
  'country.ml': 'Mali',
  'country.bf': 'Burquina Faso',
  'country.bj': 'Benin',
  'country.tg': 'Togo',
  'country.ne': 'Níger',
  'country.gw': 'Guiné-Bissau',
  'form.operator': 'Operador de dinheiro móvel',
  'form.operatorDetected': 'Detetado a partir do seu número',
  'form.walletSlow': '{wallet} está lento neste momento: a validação pode demorar {minutes} minutos',
  'form.walletDown': '{wallet} não responde neste momento: escolha outra carteira se tiver uma',
  'form.phone': 'Número de dinheiro móvel',
  'form.phoneHint': 'O pedido a aprovar chega a este telemóvel.',
  'form.pay': 'Pagar {amount}',
  'form.paying': 'A enviar o pedido…',
  'form.fixErrors': 'Corrija os campos assinalados.',
  'form.cancel': 'Cancelar e voltar ao comerciante',
  'form.secure': 'O seu número só é usado para este pagamento.',

  'error.firstName.empty': 'Escreva o seu nome próprio.',
  'error.firstName.invalid': 'Use apenas letras (acentos, hífenes e apóstrofos são aceites).',
  'error.lastName.empty': 'Escreva o seu apelido.',
  'error.lastName.invalid': 'Use apenas letras (acentos, hífenes e apóstrofos são aceites).',
  'error.name.tooLong': 'Use no máximo {max} caracteres.',
  'error.email.empty': 'Escreva um e-mail para receber o seu recibo.',
  'error.email.invalid': 'Escreva um e-mail válido, como nome@exemplo.com.',
  'error.operator.empty': 'Escolha o seu operador de dinheiro móvel.',
  'error.phone.empty': 'Escreva o seu número de dinheiro móvel.',
  'error.phone.too_short': 'Este número é demasiado curto.',
  'error.phone.too_long': 'Este número é demasiado longo.',
  'error.phone.invalid': 'Este não é um número de telemóvel válido para {country}.',
  'error.phone.other_network':
    'Este número é da rede {network}, que {wallet} não serve. Verifique o número ou escolha outro operador.',
  'error.rateLimited': 'Demasiadas tentativas. Aguarde {seconds} segundos e tente novamente.',
  'error.notSent':
    'O seu pedido de pagamento não chegou: ainda não recebemos nenhuma cobrança. Verifique a sua ligação e tente novamente.',

  'pending.heading': 'Aprove o pagamento no seu telemóvel',
  'pending.body':
    'Enviámos um pedido de pagamento de {amount} para o {phone}. Abra {operator} no seu telemóvel e confirme com o seu PIN.',
  'pending.payee': 'Pagamento de {amount} a {merchant}',
  'pending.bodyUnknown': 'Um pedido de pagamento de {amount} aguarda a sua aprovação no telemóvel.',
  'pending.ussd': 'Não recebeu o aviso? Marque {ussd} no seu telemóvel para ver os pagamentos pendentes.',
  'rescue.title': 'Ainda não recebeu o pedido no telemóvel?',
  'rescue.dial': 'Aprove o pagamento a partir do menu {wallet}:',
  'rescue.dialLink': 'marcar {ussd}',
  'rescue.menu': 'Abra o menu {wallet} no seu telemóvel: o pagamento pendente pode ser aprovado aí.',
  'rescue.resend':
    'Caso contrário, este pedido expira às {time}; poderá então enviar um novo pedido, sem risco de ser cobrado duas vezes.',
  'rescue.resendLater':
    'Caso contrário, quando este pedido expirar, poderá enviar um novo pedido, sem risco de ser cobrado duas vezes.',
  'pending.waiting': 'A aguardar a sua aprovação…',
  'pending.timeLeft': 'Tempo restante para aprovar: {time}',
  'pending.checkNow': 'Já aprovei — verificar agora',
  'pending.checking': 'A verificar…',
  'pending.resendLater':
    'Não recebeu o aviso ou o número está errado? Quando este pedido expirar, pode enviar um novo, para este número ou para outro.',
  'pending.offline': 'Ligação perdida. Voltaremos a verificar o seu pagamento assim que voltar a estar ligado.',

  'unknown.heading': 'Ainda estamos a verificar o seu pagamento',
  'unknown.body':
    'O seu operador ainda não nos deu o resultado. Não pague outra vez: se o pagamento foi feito, o comerciante é informado e o histórico da sua carteira mostra-o. Se o comerciante enviar recibos, o seu irá para {email}.',
  'unknown.bodyNoEmail':
    'O seu operador ainda não nos deu o resultado. Não pague outra vez: se o pagamento foi feito, o comerciante é informado e o histórico da sua carteira mostra-o.',
  'unknown.check': 'Verificar novamente',

  'succeeded.heading': 'Pagamento efetuado',
  'succeeded.body': 'Obrigado! Recebemos o seu pagamento de {amount}.',
  'succeeded.amount': 'Montante',
  'succeeded.payee': 'Pago a',
  'succeeded.operator': 'Pago com',
  'succeeded.phone': 'Número',
  'succeeded.reference': 'Referência',
  'succeeded.date': 'Data',
  'succeeded.emailed': 'Se o comerciante enviar recibos, o seu irá para {email}.',
  'succeeded.returning': 'A voltar ao comerciante dentro de {seconds} s…',
  'succeeded.returnNow': 'Voltar já ao comerciante',
  'succeeded.support': 'Tem alguma pergunta sobre o seu pedido? Contacte {merchant}: {contact}',
  'succeeded.copy': 'Copiar o recibo',
  'succeeded.copied': 'Recibo copiado.',
  'succeeded.copyManual': 'Aqui não é permitido copiar: selecione o texto abaixo para o copiar.',
  'succeeded.byOther': 'Pago por outra pessoa, a partir do próprio telefone.',
  'handoff.offer': 'Pedir a outra pessoa que pague',
  'handoff.heading': 'Outra pessoa está a pagar por si',
  'handoff.check': 'Verificar agora',
  'succeeded.share': 'Partilhar o recibo',
  // The lasting receipt link (src/components/KeepLink.tsx).
  'receipt.keep': 'Guardar um link para este recibo',
  'receipt.keepHint':
    'Este link mostra o estado e o recibo deste pagamento, mesmo depois de fechar esta página. Qualquer pessoa que o tenha pode vê-los.',
  'receipt.copyLink': 'Copiar o link',
  'receipt.copied': 'Link copiado.',
  'receipt.failed': 'Não foi possível criar o link. Verifique a sua ligação e tente novamente.',
  'succeeded.done': 'Concluído',

  'canceled.heading': 'Pagamento cancelado',
  'canceled.body': 'Saiu deste pagamento. Pode voltar a ele a qualquer momento.',
  'canceled.back': 'Voltar ao pagamento',
  'canceled.left': 'Cancelou este pagamento. Para pagar esta encomenda, volte ao comerciante e comece de novo.',
  'canceled.toMerchant': 'Voltar ao comerciante',

  'failed.heading': 'Pagamento não concluído',
  'failed.retry': 'Tentar novamente',
  'failed.resend': 'Enviar um novo pedido para o {phone}',
  'failed.changeNumber': 'Usar outro número ou operador',
  'failed.noCharge': 'Não lhe foi cobrado nada.',
  'reason.payer_declined': 'O pagamento foi recusado no seu telemóvel.',
  'reason.insufficient_funds': 'O seu saldo de dinheiro móvel não chega para este pagamento.',
  'reason.approval_timeout': 'O pedido de pagamento expirou antes de ser aprovado.',
  'reason.operator_unavailable':
    'O seu operador não está a responder neste momento. Tente novamente dentro de alguns minutos ou use outro número.',
  'step.wait': 'O seu operador está a processar o pagamento.',
  'step.failed': 'Não foi possível carregar este passo. Verifique a sua ligação e tente de novo.',
  'step.retry': 'Tentar de novo',
  'pending.checked': 'Ainda não aprovado (verificado às {time}).',
  'pending.otherWallet': 'Pagar com outro operador? Este pedido expira às {time}; poderá então escolher outro.',
  'pending.otherWalletLater': 'Pagar com outro operador? Quando este pedido tiver expirado, poderá escolher outro.',
  'pending.wrongNumber': 'Número errado? Este pedido expira às {time}; poderá então enviar um novo para outro número.',
  'form.repeat':
    '{wallet} pode recusar o mesmo montante do mesmo número poucos minutos depois de uma tentativa. Se acontecer, aguarde alguns minutos ou use outro número.',
  'reason.otp_invalid': 'O código de pagamento foi escrito mal demasiadas vezes.',
  'reason.other': 'O seu operador recusou o pagamento.',

  'error.heading': 'Ocorreu um problema',
  'error.retry': 'Tentar novamente',
  'error.network': 'Não conseguimos contactar o serviço de pagamento. Verifique a sua ligação e tente novamente.',
  'error.server': 'O serviço de pagamento está com dificuldades. Tente novamente daqui a pouco.',
  'error.invalidResponse':
    'O serviço de pagamento enviou uma resposta que não compreendemos. Tente novamente daqui a pouco.',
  'error.notFound': 'Não encontrámos este pagamento. Peça ao comerciante um novo link de pagamento.',
  'error.lost':
    'Já não é possível encontrar este pagamento. Se o aprovou, não pague outra vez: o histórico da sua carteira mostra se foi feito. Caso contrário, peça ao comerciante um novo link.',
  'error.badLink': 'Este link de pagamento está incompleto. Peça ao comerciante um novo link de pagamento.',
  'error.badSecret': 'Este link de pagamento não é válido. Peça ao comerciante um novo link de pagamento.',
  'error.expired': 'Este link de pagamento expirou. Peça um novo ao comerciante.',
  'error.canceled': 'O comerciante cancelou este pagamento.',
  'error.sessionUnavailable':
    'Não é possível mostrar este pedido aqui. Peça ao comerciante um link de pagamento direto.',
  'error.tooManyAttempts': 'Este pagamento falhou demasiadas vezes. Peça ao comerciante um novo link de pagamento.',
  'error.unknownStatus':
    'Neste momento não conseguimos saber o estado deste pagamento. Não pague outra vez; verifique novamente daqui a pouco.',
  'error.confirmUnknown':
    'Não conseguimos saber se o seu pedido de pagamento foi enviado. Não pague outra vez: verifique primeiro o estado.',
  'error.checkStatus': 'Verificar o estado do pagamento',
} satisfies Catalogue;

// The pages without JavaScript's own words (src/server/plain-pages.ts): never in a bundle nor in pt.json.
export const ptPlain = {
  // Between a label and its value ("Total payé : 5 000 FCFA").
  colon: ': ',
  due: 'a pagar',
  to: 'a',
  expired:
    'Este formulário expirou ou já não é válido. Verifique os seus dados e carregue de novo em Pagar: nada foi enviado.',
  check: 'Verifique o montante e os seus dados e depois carregue em Pagar: ainda nada foi enviado.',
  stuck: 'A página de pagamento não abriu neste navegador: pague com este formulário simples.',
  again: 'Tentar de novo a página de pagamento completa',
  autoDetect: 'Pelo meu número',
  // A payment link's pages (src/server/link-pages.ts).
  linkHeading: 'Pagar a {merchant}',
  linkNoName: 'Pagar com dinheiro móvel',
  linkAmountLabel: 'Valor a pagar, de {min} a {max}',
  linkAmountError: 'Introduza um valor inteiro de {min} a {max}.',
  linkContinue: 'Continuar para o pagamento',
  linkClosed: 'Este link já não aceita pagamentos',
  linkExpired: 'Expirou em {date}.',
  linkFull: 'Já recebeu todos os pagamentos para que foi criado.',
  linkInactive: 'O vendedor fechou-o.',
  linkContact: 'Contacte o vendedor para pagar de outra forma:',
  linkAskNew: 'Peça ao vendedor um novo link de pagamento.',
  linkNotFound: 'Este link de pagamento não existe. Verifique o endereço ou peça ao vendedor um novo link.',
  linkScan: 'Digitalize com o seu telemóvel para pagar',
  linkPrint: 'Imprima esta página (Ctrl+P, ou Partilhar e depois Imprimir num telemóvel) e afixe-a na sua banca.',
  linkChoose: 'Valor à sua escolha: de {min} a {max}',
  linkQrAlt: 'Código QR do link de pagamento',
  // A lasting receipt link's page (src/server/receipt-page.ts).
  receiptTitle: 'Recibo de pagamento',
  receiptStatus: 'Estado',
  receiptPaid: 'Pago',
  receiptPending: 'Pendente',
  receiptNotPaid: 'Não pago',
  receiptPendingHeading: 'Pagamento pendente',
  receiptPendingNote:
    'Pendente não quer dizer falhado: {wallet} pode demorar até {minutes} minutos a confirmar um pagamento, por vezes mais. Não pague outra vez: esta página mostra o resultado assim que for conhecido.',
  receiptYourWallet: 'a sua carteira',
  receiptNoAttempt: 'Ainda não foi feito nenhum pagamento.',
  receiptNotFoundHeading: 'Recibo não encontrado',
  receiptNotFound:
    'Este link de recibo não é válido. Verifique se foi copiado por inteiro, ou pergunte ao comerciante.',
  receiptFollow: 'Atualizar esta página sozinha a cada {seconds} segundos',
  receiptStopFollow: 'Parar de atualizar',
  receiptKeep: 'Guardar um link para este recibo',
  receiptKeepHint:
    'Mostra o estado e o recibo deste pagamento, mesmo depois de fechar esta página. Qualquer pessoa com o link pode vê-los.',
  refreshing: 'Esta página atualiza-se sozinha.',
  checkNow: 'Verificar agora',
  back: 'Voltar ao formulário',
  refused:
    'Este formulário não foi enviado a partir desta página de pagamento: nada foi pago. Abra de novo o link de pagamento.',
} satisfies PlainCatalogue;
