package dev.camelsuite.uima;

/**
 * The JMS properties and codes of the UIMA AS 2.x wire protocol, as services of that version speak it. Requests go
 * to the service's input queue; replies come back on the client's temporary queue, correlated by CAS reference id.
 * Shared by the client ({@code uimadriver:} producer) and the service (its consumer); not an API of the component.
 */
public final class UimaAsProtocol {

    // message properties
    public static final String MESSAGE_TYPE = "MessageType";
    public static final String COMMAND = "Command";
    public static final String PAYLOAD = "Payload";
    public static final String CAS_REFERENCE = "CasReference";
    public static final String INPUT_CAS_REFERENCE = "InputCasReference";
    public static final String CAS_SEQUENCE = "CasSequence";
    public static final String MESSAGE_FROM = "MessageFrom";
    public static final String SERVER_URI = "ServerURI";
    public static final String TARGET_SERVICE_ID = "TargetServiceId";
    public static final String REMOVE_ENDPOINT = "RemoveEndpoint";
    public static final String SERIALIZATION = "Serialization";
    public static final String ACCEPTS_DELTA_CAS = "AcceptsDeltaCas";
    public static final String SENT_DELTA_CAS = "SentDeltaCas";
    public static final String SERVER_IP = "ServerIP";
    public static final String PROCESS_PID = "ProcessPID";
    public static final String TIME_TO_DESERIALIZE = "TimeToDeserializeCAS";
    public static final String TIME_TO_SERIALIZE = "TimeToSerializeCAS";
    public static final String TIME_IN_PROCESS = "TimeInProcessCAS";
    public static final String IDLE_TIME = "IdleTime";

    // message types
    public static final int REQUEST = 3000;
    public static final int RESPONSE = 3001;

    // commands
    public static final int PROCESS = 2000;
    public static final int GET_META = 2001;
    public static final int COLLECTION_PROCESS_COMPLETE = 2002;
    public static final int RELEASE_CAS = 2005;
    public static final int SERVICE_INFO = 2008;

    // payloads
    public static final int XMI = 1000;
    public static final int METADATA = 1002;
    public static final int EXCEPTION = 1003;
    public static final int NONE = 1005;
    public static final int BINARY = 1006;

    // what a GetMeta reply says the service reads besides XMI: the binary CAS of the same type system
    public static final int BINARY_SERIALIZATION = 0x01000001;

    /** Timing properties a service may put on a Process reply, in nanoseconds, by the name the route sees. */
    public static final String[][] TIMINGS = {
            { "TimeToSerializeCAS", "serialize" }, { "TimeToDeserializeCAS", "deserialize" },
            { "TimeWaitingForCAS", "waitingForCas" }, { "TimeInProcessCAS", "process" }, { "IdleTime", "idle" },
            { "TimeInService", "service" }, { "TimeInAnalytic", "analytic" } };

    private UimaAsProtocol() {
    }

    public static String commandName(int command) {
        return switch (command) {
            case PROCESS -> "Process";
            case GET_META -> "GetMeta";
            case COLLECTION_PROCESS_COMPLETE -> "CollectionProcessComplete";
            case RELEASE_CAS -> "ReleaseCAS";
            case SERVICE_INFO -> "ServiceInfo";
            default -> "command " + command;
        };
    }
}
